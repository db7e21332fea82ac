import { fixedLabel, pageStates, pressTab } from './a11yPages.ts';
import { fixedQrCode } from './carrierReturns.ts';
import {
  choiceCardEdges,
  focusRingProblem,
  focusRingsUpTo,
  invisibleControls,
  invisibleIcons,
  scanShownQr,
} from './forcedColors.ts';
import { expect, test } from './fixtures.ts';
import { texts } from './senderTexts.ts';

/**
 * Forced colours (Windows' contrast themes), light and dark: every control, choice card, focus
 * ring, the chosen card, the icons and the QR code stay visible. Checked on the computed colours
 * the browser forced, and in screenshots (tests/e2e/a11yForcedColors.spec.ts-snapshots/, made
 * with Debian's Chromium; `npx playwright test --update-snapshots` after a deliberate change).
 */
const state = (name: string) => pageStates.find((candidate) => candidate.name === name)!;
const shotOptions = { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' } as const;
// Four pages in one test, one of them after a real proof of work: room for a busy machine.
test.describe.configure({ timeout: 60_000 });

/**
 * The colours depend neither on the language nor much on the width: to keep the run short, the
 * light theme is checked in Czech at the phone width and the dark one in English at the desktop
 * width, so both languages, both widths and both themes are seen.
 */
const themes = [
  { colorScheme: 'light', locale: 'cs', width: '@phone' },
  { colorScheme: 'dark', locale: 'en', width: '@desktop' },
] as const;

for (const { colorScheme, locale, width } of themes) {
  test(`under forced colours (${colorScheme}) every control, chosen card, focus ring, icon and the QR code stay visible (${locale}) ${width}`, async ({
    page,
  }) => {
    await page.emulateMedia({ forcedColors: 'active', colorScheme });
    await state('form').open(page, locale);
    expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);
    expect.soft(await invisibleControls(page), 'controls without a visible edge').toEqual([]);
    expect.soft(await invisibleIcons(page), 'icons painted in the background colour').toEqual([]);
    for (const { chosen, other } of await choiceCardEdges(page)) {
      expect.soft(chosen, 'the chosen card looks like the others').not.toBe(other);
    }
    // Every stop of the keyboard, from the top of the page to the send button.
    expect
      .soft(await focusRingsUpTo(page, 'form button[type=submit]'), 'focus rings that cannot be seen')
      .toEqual([]);
    // The chosen card with the focus ring around it, as seen.
    await page.locator('#handover-pickupPoint').focus();
    await pressTab(page, 'Shift+Tab');
    await pressTab(page);
    const handover = page
      .locator('section')
      .filter({ has: page.locator('#handover-pickupPoint') })
      .last();
    await expect.soft(handover).toHaveScreenshot(`choices-${colorScheme}.png`, shotOptions);

    await state('form with errors').open(page, locale);
    expect.soft(await invisibleControls(page), 'controls without a visible edge, with errors').toEqual([]);

    await state('paid service dialog').open(page, locale);
    expect.soft(await invisibleControls(page), 'dialog buttons without a visible edge').toEqual([]);
    await page.keyboard.press('Tab');
    expect.soft(await focusRingProblem(page), 'the focus ring in the dialog').toBeNull();
    await expect.soft(page.getByRole('dialog')).toHaveScreenshot(`dialog-${colorScheme}.png`, shotOptions);

    await state('success').open(page, locale);
    expect.soft(await invisibleControls(page), 'controls without a visible edge, on success').toEqual([]);
    expect.soft(await invisibleIcons(page), 'icons painted in the background colour, on success').toEqual([]);
    // Dark modules on a light ground, whatever the theme: the scanner at the counter reads it.
    const qr = page.getByRole('img', { name: texts[locale].success.qrAlt });
    expect
      .soft(await scanShownQr(qr), 'the QR code as shown, read dark on light')
      .toBe(fixedQrCode(fixedLabel.label));
    await expect
      .soft(page.locator('section.success'))
      .toHaveScreenshot(`success-${colorScheme}.png`, shotOptions);
  });
}
