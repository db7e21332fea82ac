import type { Locator, Page } from '@playwright/test';
import { openLoadedForm } from './a11yPages.ts';

import { ScreenReader } from './screenReader.ts';
import { announced, expectFieldsAnnounced, pressAndHear, tabUntil } from './screenReaderChecks.ts';
import { expect, test } from './flowFixtures.ts';
import { uniqueEmail } from './formControls.ts';
import { scan, shipmentOf } from './carrierScan.ts';
import { acceptedReturnOf, isAcceptedUrl } from './formPage.ts';
import { heldCopyOf } from './returnLinks.ts';
import { expectTranscript, Transcript } from './transcripts.ts';
import { escapeRegExp, locales, texts } from './senderTexts.ts';

/**
 * The whole flow with scripts on, by keyboard, through the virtual screen reader: what a sender
 * who cannot see the screen hears, kept in tests/e2e/transcripts/flow.<locale>.txt.
 * One width: what is heard is the same at both, and the keyboard is the desktop's.
 */
test.use({ bypassCSP: true });
// The flow goes through every step of the form and a real creation (with its proof of work).
test.describe.configure({ timeout: 120_000 });

/** Where the depot says the parcel was handed over. */
const place = 'Trafika U Nádraží';

/**
 * The return is sent on a link whose returns the carrier holds, and the first `count` status polls
 * answer 'InProcess', so the screen is seen polling before the label is ready; the carrier makes
 * the label from the last of them on.
 */
async function holdTheLabel(page: Page, count: number): Promise<{ polls: number; token: string }> {
  const { token, release } = heldCopyOf('driver');
  const seen = { polls: 0, token };
  await page.route(/\/api\/returns\/[0-9a-f-]{36}$/, (route) => {
    seen.polls += 1;
    if (seen.polls === count) release();
    return seen.polls <= count
      ? route.fulfill({ contentType: 'application/json', body: '{"importState":"InProcess"}' })
      : route.fallback();
  });
  return seen;
}

for (const locale of locales) {
  const t = texts[locale];
  const s = t.success;
  // A choice card's name is its title and its text.
  const driverName = new RegExp(`^${escapeRegExp(t.handoverDriver)} `);

  test(`a QR return with driver pickup, heard through a screen reader (${locale}) @desktop`, async ({
    page,
  }) => {
    // The status is polled every 5 s: the test moves the page's clock on instead of waiting.
    await page.clock.install();
    const polls = await holdTheLabel(page, 2);
    const transcript = new Transcript(
      `The return flow with scripts on, heard through a screen reader (${locale})`,
    );
    const reader = new ScreenReader(page);
    const hear = (keys: string[], until?: Locator) => pressAndHear(page, reader, keys, until);
    const paidDialog = page.getByRole('dialog', { name: t.paidTitle });
    await openLoadedForm(page, locale, polls.token);
    await reader.start();

    const form = await reader.readMain();
    transcript.step('Open the demo link and read the page from the top', form);
    expectFieldsAnnounced(form, locale, { invalid: false });

    const submit = page.getByRole('button', { name: t.submit, exact: true });
    await page.locator('#returns-heading').focus();
    const tabbed = await tabUntil(page, reader, submit);
    transcript.step('Tab through the form', tabbed);
    expectFieldsAnnounced(tabbed, locale, { invalid: false });
    expect.soft(tabbed.at(-1)).toBe(`button, ${t.submit}`);

    const sentEmpty = await hear(['Enter']);
    transcript.step('Send the empty form', sentEmpty);
    // Focus goes to the first invalid field, and the summary is said (a live region).
    expect.soft(sentEmpty[0]).toMatch(announced('textbox', t.name, { invalid: true }));
    expect
      .soft(sentEmpty, 'the error summary is announced')
      .toContainEqual(expect.stringMatching(new RegExp(`^assertive: ${escapeRegExp(t.errorSummary)}`)));

    const errors = await tabUntil(page, reader, submit);
    transcript.step('Tab through the errors', errors);
    expectFieldsAnnounced([sentEmpty[0] ?? '', ...errors], locale, { invalid: true });

    await page.locator('#handover-pickupPoint').focus();
    await reader.heard();
    const dialog = await hear(['ArrowDown'], paidDialog);
    transcript.step(`Choose '${t.handoverDriver}' with the arrow key`, dialog);
    expect.soft(dialog).toContain(`dialog, ${t.paidTitle}, ${t.paidText}`);
    expect.soft(dialog.at(-1)).toBe(`button, ${t.paidCancel}`);

    const inDialog = await hear(['Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']);
    transcript.step('Tab and Shift+Tab in the dialog', inDialog);
    expect
      .soft(inDialog)
      .toEqual([
        `button, ${t.paidConfirm}`,
        `button, ${t.paidCancel}`,
        `button, ${t.paidConfirm}`,
        `button, ${t.paidCancel}`,
      ]);

    const escaped = await hear(['Escape']);
    transcript.step('Escape', escaped);
    expect.soft(escaped).toEqual([expect.stringMatching(announced('radio', driverName, { checked: false }))]);
    await expect(paidDialog).toHaveCount(0);

    // The dialog opens after a render: a sender waits for it to be said before pressing on.
    const reopened = await hear(['Space'], paidDialog);
    const confirmed = [...reopened, ...(await hear(['Tab', 'Enter']))];
    transcript.step(`Space on '${t.handoverDriver}', Tab to '${t.paidConfirm}', Enter`, confirmed);
    expect.soft(confirmed.at(-1)).toMatch(announced('radio', driverName, { checked: true }));

    // Typing is left out: it is what the sender says, not what they hear.
    await page.getByRole('textbox', { name: t.name, exact: true }).fill('Jana Nováková');
    await page.getByRole('combobox', { name: t.street, exact: true }).fill('Kumberská 12/1');
    await page.getByRole('combobox', { name: t.zipCode, exact: true }).fill('31800');
    await page.getByRole('combobox', { name: t.city, exact: true }).fill('Plzeň');
    // An address of its own: the same return sent again would be the one made before, its label long there.
    await page.getByRole('textbox', { name: t.email, exact: true }).fill(uniqueEmail());
    await page.getByRole('checkbox', { name: t.termsPersons }).check();
    await page.getByRole('checkbox', { name: t.termsCompanies }).check();
    await submit.focus();
    await reader.heard();

    // Send: the return's sent page, a page of its own. A screen reader says its title as it loads.
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 2, name: s.title });
    await expect(heading).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(isAcceptedUrl);
    await reader.start();
    await reader.heard();
    expect
      .soft(await page.title(), 'the title says the return is made')
      .toMatch(new RegExp(`^${escapeRegExp(s.title)}`));
    transcript.step('Fill in the sender (not recorded), Enter on the send button', [
      `title: ${await page.title()}`,
    ]);

    // Two polls answer 'InProcess', the next ones what the carrier says.
    const qr = page.getByRole('img', { name: s.qrAlt, exact: true });
    await expect(async () => {
      if (!(await qr.isVisible())) await page.clock.runFor(5_000);
      await expect(qr).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    // The return's first step, the label, follows at a poll of its own; it is not said again.
    const steps = page.getByRole('region', { name: s.timelineTitle }).getByRole('listitem');
    await expect(async () => {
      if ((await steps.count()) === 0) await page.clock.runFor(5_000);
      await expect(steps).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    const waited = await reader.heard();
    transcript.step('Wait while the screen polls for the label', waited);
    expect.soft(polls.polls, 'the screen polled more than once').toBeGreaterThanOrEqual(3);
    expect
      .soft(waited, 'the status is said once, when the label is ready')
      .toEqual([`polite: ${t.success.readyQr}`]);

    const pin = (await page.locator('.qr__pin strong').textContent()) ?? '';
    transcript.mask(pin, '<SmartPIN>');
    for (const time of await page.locator('time').allTextContents()) transcript.mask(time, '<time>');
    const screen = await reader.readMain(new RegExp(`^end of region, ${escapeRegExp(s.title)}$`));
    transcript.step('Read the page from the top', screen);
    expect.soft(screen).toContain(`heading, ${s.title}, level 2`);
    expect.soft(screen).toContain(`image, ${s.qrAlt}`);
    expect.soft(screen.slice(screen.indexOf('SmartPIN'))).toContain(pin);

    const downloadButton = page.getByRole('button', { name: s.downloadQr, exact: true });
    const downloadStarted = page.waitForEvent('download');
    const download = [...(await tabUntil(page, reader, downloadButton)), ...(await hear(['Enter']))];
    transcript.step('Tab to the download button, Enter', download);
    expect.soft(download.at(-1)).toMatch(new RegExp(`^button, ${escapeRegExp(s.downloadQr)}\\b`));
    expect((await downloadStarted).suggestedFilename()).toMatch(/\.pdf$/);

    const toAnother = await tabUntil(page, reader, page.getByRole('link', { name: s.another, exact: true }));
    transcript.step(`Tab to '${s.another}'`, toAnother);

    // A depot scans the parcel handed over while the page is open: the new step is said once.
    await scan(shipmentOf(acceptedReturnOf(page)?.batchId ?? ''), 'handedOver', place);
    const handedOver = steps.filter({ hasText: s.eventHandedOver(place) });
    await expect(async () => {
      if (!(await handedOver.isVisible())) await page.clock.runFor(5_000);
      await expect(handedOver).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    const scanned = await reader.heard();
    transcript.step('A depot scans the parcel handed over', scanned);
    expect.soft(scanned, 'the new step is said once').toEqual([`polite: ${s.eventHandedOver(place)}`]);

    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: t.submit, exact: true })).toBeVisible();
    await reader.start();
    const anotherOne = await reader.readMain(/^heading, .*, level 1$/);
    transcript.step(`Enter on '${s.another}': the form again, to its heading`, anotherOne);
    expect.soft(anotherOne.at(-1)).toBe(`heading, ${t.pageHeading}, level 1`);

    await expectTranscript(transcript, new URL(`transcripts/flow.${locale}.txt`, import.meta.url));
  });
}
