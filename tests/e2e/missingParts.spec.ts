import type { Page } from '@playwright/test';
import { sentOf } from '../../src/lib/acceptedReturn.ts';
import { expect, test } from './flowFixtures.ts';
import { fillContact, formOf, openFilledForm, uniqueEmail } from './formControls.ts';
import { hydratedForm, openForm, tokens } from './formPage.ts';
import { heldCopyOf } from './returnLinks.ts';
import { locales, texts } from './senderTexts.ts';
import { checkAgainUntil, successOf } from './successScreen.ts';

/** Creating a return runs the human check (ALTCHA proof of work) in the browser first. */
const creationTimeout = 20_000;

/**
 * A part of the island that never arrives, as on a phone that lost its network for a moment:
 * also when asked for again (Astro asks for an island's module a second time, with a query).
 */
async function neverArrives(page: Page, chunk: string): Promise<void> {
  await page.route(new RegExp(`/_astro/${chunk}\\.[\\w-]+\\.js(\\?.*)?$`), (route) => route.abort());
}

/**
 * No dead end: whichever part of the island is loaded later and fails, Send still works (the
 * page's own plain post) or the page the server renders takes over, with nothing typed again.
 */
for (const locale of locales) {
  const t = texts[locale];

  test.describe(`a part of the form that never arrives (${locale})`, () => {
    test.use({ allowedConsoleErrors: /^Failed to load resource: net::ERR_FAILED$/ });

    test('the schema of the first send: Send posts the form as plain HTML and the return is made @desktop', async ({
      page,
    }) => {
      await neverArrives(page, 'schemaResolver');
      await openFilledForm(page, locale, tokens.noDriver);
      await formOf(page, t).submit.click();
      await expect(successOf(page, t).heading).toBeVisible({ timeout: creationTimeout });
      expect(sentOf(new URL(page.url()))).toMatchObject({
        locale,
        token: tokens.noDriver,
        driverPickup: false,
      });
    });

    test.describe('the success screen’s script', () => {
      test.use({
        allowedConsoleErrors:
          /^(Failed to load resource: net::ERR_FAILED|\[astro-island\] Error hydrating \/_astro\/SuccessScreen\.[\w-]+\.js TypeError: Failed to fetch dynamically imported module: \S+)$/,
      });
      test('the sent page says the label is prepared and checks again on a press @desktop', async ({
        page,
      }) => {
        await neverArrives(page, 'SuccessScreen');
        // The carrier holds the return until the page has said that the label is prepared.
        const { token, release } = heldCopyOf('noDriver');
        await openFilledForm(page, locale, token);
        await formOf(page, t).submit.click();
        const s = successOf(page, t);
        await expect(s.heading).toBeVisible({ timeout: creationTimeout });
        await expect.poll(() => sentOf(new URL(page.url()))).toMatchObject({ locale, token });
        // Without its script the page does not poll: its link asks again until the label is there.
        await expect(s.preparing).toBeDisabled();
        await expect(s.checkAgain).toBeVisible();
        release();
        await checkAgainUntil(
          page,
          t,
          page.getByRole('link', { name: t.success.downloadLabel, exact: true }),
        );
        // The return's next steps are still to come: the page can still be asked again.
        await expect(s.checkAgain).toBeVisible();
        await expect(s.downloadLabel).toHaveAttribute('href', /^\/api\/labels\//);

        // 'Return another shipment' on this page, whose script never ran and so never cleared the
        // draft: the form still starts clean, its island drops the draft and the flag that asked it.
        await s.another.click();
        await expect.poll(() => new URL(page.url()).searchParams.has('another')).toBe(false);
        await expect(hydratedForm(page)).toHaveCount(1);
        await expect(formOf(page, t).name).toHaveValue('');
        await expect(formOf(page, t).email).toHaveValue('');
      });
    });

    test('the paid-service dialog: driver pickup stays chosen and the server asks for the confirmation @desktop', async ({
      page,
    }) => {
      await neverArrives(page, 'ConfirmDialog');
      await openForm(page, locale, tokens.driver);
      const f = formOf(page, t);
      await f.labelPrint.check();
      await f.driver.click();
      await expect(f.driver).toBeChecked();
      await fillContact(page, t, { name: 'Jana Nováková', email: uniqueEmail() });
      await f.submit.click();
      await expect(page.getByRole('heading', { level: 1, name: t.paidTitle })).toBeVisible({
        timeout: creationTimeout,
      });
      await page.getByRole('button', { name: t.paidConfirm, exact: true }).click();
      await expect(successOf(page, t).heading).toBeVisible({ timeout: creationTimeout });
      expect(sentOf(new URL(page.url()))).toMatchObject({ driverPickup: true });
    });

    test('the searchable country list: the native list stays, and the country chosen in it counts @desktop', async ({
      page,
    }) => {
      await neverArrives(page, 'CountrySelect');
      await openForm(page, locale, tokens.connect);
      const f = formOf(page, t);
      await f.countryNative.focus();
      await f.countryNative.selectOption('SK');
      // Spec §4: a country other than CZ forces the printed label, and the island follows the list.
      await expect(f.labelPrint).toBeChecked();
      await expect(f.recipient).toContainText(t.slovakia);
    });
  });
}
