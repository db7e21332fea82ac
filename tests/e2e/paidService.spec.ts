import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { fillContact, formOf, openFilledForm, uniqueEmail } from './formControls.ts';
import { formUrl, holdScripts, hydratedForm, reachForForm, tokens } from './formPage.ts';
import { locales, texts, type Locale } from './senderTexts.ts';
import { successOf } from './successScreen.ts';

/** Creating a return runs the human check (ALTCHA proof of work) in the browser first. */
const creationTimeout = 20_000;

/**
 * Driver pickup chosen and Send pressed before the island took over, without a name: the plain
 * post comes back with its message, the island then takes that page over, and the sender fills
 * the name in. The form's controls, ready for the next send.
 */
async function sentBackWithDriver(page: Page, locale: Locale) {
  const t = texts[locale];
  const release = holdScripts(page);
  await page.goto(formUrl(locale, tokens.driver));
  const f = formOf(page, t);
  await f.labelPrint.check();
  await f.driver.check();
  await fillContact(page, t, { name: '', email: uniqueEmail() });
  await f.submit.click();
  await expect(page.getByText(t.errorRequired).first()).toBeVisible();
  await release();
  await reachForForm(page);
  await expect(hydratedForm(page)).toHaveCount(1);
  await f.name.fill('Jana Nováková');
  return f;
}

/**
 * Spec §4: driver pickup is charged, so it is confirmed whenever one is sent, whatever brought
 * the choice; a refusal for a missing confirmation asks for it, never the generic error.
 */
/*
 * Each check runs once, in one of the two behaviour languages, alternating (the behaviour is the same
 * code in each; every language's texts are the languages spec's).
 */
const checkIn = { beforeTakeover: 'cs', refusal: 'en', cancel: 'cs' } as const;

for (const locale of locales) {
  const t = texts[locale];

  test.describe(`the charged driver pickup (${locale})`, () => {
    if (locale === checkIn.beforeTakeover)
      test('chosen and sent before the island took over, sent back for a missing name, is confirmed at the next send @desktop', async ({
        page,
      }) => {
        const f = await sentBackWithDriver(page, locale);
        await expect(f.driver).toBeChecked();
        await f.submit.click();
        const dialog = page.getByRole('dialog', { name: t.paidTitle });
        await expect(dialog).toBeVisible({ timeout: creationTimeout });
        await dialog.getByRole('button', { name: t.paidConfirm, exact: true }).click();
        await expect(successOf(page, t).heading).toBeVisible({ timeout: creationTimeout });
      });

    if (locale === checkIn.refusal)
      test('a refusal for a missing confirmation opens the confirmation, and Confirm sends the return @desktop', async ({
        page,
      }) => {
        await openFilledForm(page, locale, tokens.driver, { handover: 'driver' });
        let refused = 0;
        await page.route('**/api/returns', (route) =>
          route.request().method() === 'POST' && refused++ === 0
            ? route.fulfill({
                status: 400,
                contentType: 'application/json',
                body: JSON.stringify({ code: 'paidServiceNotConfirmed', message: 'Confirm it first.' }),
              })
            : route.fallback(),
        );
        const f = formOf(page, t);
        await f.submit.click();
        const dialog = page.getByRole('dialog', { name: t.paidTitle });
        await expect(dialog).toBeVisible({ timeout: creationTimeout });
        await expect(page.getByText(t.creationFailed)).toHaveCount(0);
        await dialog.getByRole('button', { name: t.paidConfirm, exact: true }).click();
        await expect(successOf(page, t).heading).toBeVisible({ timeout: creationTimeout });
      });

    if (locale === checkIn.cancel)
      test('Cancel at the send keeps the pick-up point and sends nothing @desktop', async ({ page }) => {
        const f = await sentBackWithDriver(page, locale);
        await f.submit.click();
        const dialog = page.getByRole('dialog', { name: t.paidTitle });
        await expect(dialog).toBeVisible({ timeout: creationTimeout });
        await dialog.getByRole('button', { name: t.paidCancel, exact: true }).click();
        await expect(dialog).toBeHidden();
        await expect(f.pickup).toBeChecked();
        await expect(successOf(page, t).heading).toHaveCount(0);
      });
  });
}
