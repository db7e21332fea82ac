import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures.ts';
import { expect, test } from './flowFixtures.ts';
import { formOf, openFilledForm, uniqueEmail } from './formControls.ts';
import { formAddress, hydratedForm, isAcceptedUrl, islandRecipient, tokens } from './formPage.ts';
import { readyTimeout, successOf } from './successScreen.ts';
import { type Locale, locales, texts } from './senderTexts.ts';
import { heldCopyOf } from './returnLinks.ts';

/**
 * A failed return shows the sender a way forward and loses nothing typed: the error page's
 * 'Try again' opens the form of the same link with the draft, and a refused creation keeps
 * the sender on the form with the spec's message (spec §8).
 */

/**
 * The form shows what the sender typed and chose before, except the terms (never stored); a page
 * the browser kept as it was left (Back) may still show them agreed to.
 */
async function expectRestored(
  page: Page,
  locale: Locale,
  name: string,
  email: string,
  { kept = false } = {},
): Promise<void> {
  const f = formOf(page, texts[locale]);
  await expect(islandRecipient(page)).toContainText(/\d{5}/);
  await expect(hydratedForm(page)).toHaveCount(1);
  await expect(f.name).toHaveValue(name);
  await expect(f.street).toHaveValue('Kumberská 12/1');
  await expect(f.zipCode).toHaveValue('31800');
  await expect(f.city).toHaveValue('Plzeň');
  await expect(f.email).toHaveValue(email);
  await expect(f.labelPrint).toBeChecked();
  if (!kept) await expect(f.termsPersons).not.toBeChecked();
}

/**
 * Each way a return fails runs once, in one of the two languages (the behaviour is the same code in
 * each; every language's texts are the languages spec's): the error at the carrier and the named
 * fields in Czech, the unprefixed address, the refused creation in English, a prefixed one. The
 * error page on its own, quick, in both.
 */
const failureIn = { error: 'cs', refused: 'en', namedFields: 'cs' } as const;

for (const locale of locales) {
  const t = texts[locale];

  if (locale === failureIn.error)
    test.describe(`a return that ends in Error (${locale})`, () => {
      test.use({ allowedConsoleErrors: /^\{code: importError, call: status\}$/ });

      test('the error page offers Try again, which brings the form back with the draft @desktop', async ({
        page,
        consoleErrors,
      }) => {
        const name = 'Test Failing';
        const email = uniqueEmail();
        // The carrier fails the return once its sent page is there, and the page's poll finds it.
        const { token, release } = heldCopyOf('failing');
        await openFilledForm(page, locale, token, { name, email });
        await formOf(page, t).submit.click();
        await expect(successOf(page, t).heading).toBeVisible({ timeout: readyTimeout });
        release();

        const errorUrl = `${t.prefix}/returns/error?token=${token}`;
        await expect(page).toHaveURL(errorUrl, { timeout: readyTimeout });
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.errorHeading);
        const retry = page.getByRole('link', { name: t.tryAgain, exact: true });
        await expect(retry).toBeVisible();
        await expect(page.getByRole('link', { name: t.support, exact: true })).toBeVisible();
        await expectNoAxeViolations(page);

        // Back leads to the form, not to the failed return.
        await page.goBack();
        await expect(page).toHaveURL(formAddress(`${t.prefix}/returns?token=${token}`));
        await expectRestored(page, locale, name, email, { kept: true });
        await expect(successOf(page, t).heading).toHaveCount(0);

        await page.goForward();
        await expect(page).toHaveURL(errorUrl);
        await retry.click();
        await expect(page).toHaveURL(formAddress(`${t.prefix}/returns?token=${token}`));
        await expectRestored(page, locale, name, email);
        await expect(formOf(page, t).submit).toBeEnabled();
        // Spec §8: the Error import is logged as a structured error, once, and nothing else.
        expect(consoleErrors).toEqual(['{code: importError, call: status}']);
      });
    });

  if (locale === failureIn.refused)
    test.describe(`a refused creation (${locale})`, () => {
      test.use({
        allowedConsoleErrors:
          /^(Failed to load resource: the server responded with a status of 500\b.*|\{code: apiException, call: createDormant, status: 500\})$/,
      });

      test('keeps the sender on the form with the message and everything typed @desktop', async ({
        page,
        consoleErrors,
      }) => {
        const name = 'Jana Nováková';
        const email = uniqueEmail();
        await page.route('**/api/returns', (route) =>
          route.request().method() === 'POST'
            ? route.fulfill({
                status: 500,
                contentType: 'application/json',
                body: JSON.stringify({ code: 'internalServerError', message: 'Internal server error.' }),
              })
            : route.fallback(),
        );
        await openFilledForm(page, locale, tokens.noDriver, { name, email });
        const f = formOf(page, t);
        await f.submit.click();

        const alert = page.getByRole('alert').filter({ hasText: t.creationFailed });
        await expect(alert).toHaveText(t.creationFailed, { timeout: readyTimeout });
        await expect(page).toHaveURL(formAddress(`${t.prefix}/returns?token=${tokens.noDriver}`));
        await expect(f.name).toHaveValue(name);
        await expect(f.email).toHaveValue(email);
        await expect(f.termsPersons).toBeChecked();
        await expect(f.submit).toBeEnabled();
        await expectNoAxeViolations(page);
        expect(consoleErrors.join('\n')).toContain('{code: apiException, call: createDormant, status: 500}');
      });
    });

  if (locale === failureIn.namedFields)
    test.describe(`a creation refused for named fields (${locale})`, () => {
      test.use({
        allowedConsoleErrors:
          /^(Failed to load resource: the server responded with a status of 400\b.*|\{code: apiException, call: createDormant, status: 400\})$/,
      });

      test('shows each refusal at its field, as the form’s own messages, and sends once corrected @desktop', async ({
        page,
      }) => {
        let refusals = 0;
        // The site refuses what the form let through once (a rule the form does not know yet), then accepts.
        await page.route('**/api/returns', (route) =>
          route.request().method() === 'POST' && refusals++ === 0
            ? route.fulfill({
                status: 400,
                contentType: 'application/json',
                body: JSON.stringify({
                  code: 'badRequest',
                  message: 'Some fields are not valid.',
                  fields: [
                    { path: 'sender.city', message: 'Too small: expected string to have >=1 characters' },
                    { path: 'labelless', message: 'not allowed' },
                  ],
                }),
              })
            : route.fallback(),
        );
        await openFilledForm(page, locale, tokens.noDriver, { name: 'Jana Nováková' });
        const f = formOf(page, t);
        await f.submit.click();

        await expect(page.getByText(t.errorQrUnavailable, { exact: true })).toBeVisible();
        await expect(f.city).toHaveAccessibleDescription(t.errorRefused);
        await expect(f.city).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByRole('alert').filter({ hasText: t.creationFailed })).toHaveCount(0);
        await expect(f.name).toHaveValue('Jana Nováková');
        await expectNoAxeViolations(page);

        // The sender looks at the city again: its message goes as it changes, and the return is made.
        await f.city.fill('Plzeň 1');
        await expect(f.city).not.toHaveAttribute('aria-invalid', 'true');
        await f.submit.click();
        await expect(page).toHaveURL(isAcceptedUrl, { timeout: readyTimeout });
        expect(refusals).toBe(2);
      });
    });

  test.describe(`the error page on its own (${locale})`, () => {
    test('offers Try again only with a return link’s token, and ships no JavaScript @desktop', async ({
      page,
      scripts,
    }) => {
      const retry = page.getByRole('link', { name: t.tryAgain, exact: true });

      await page.goto(`${t.prefix}/returns/error`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.errorHeading);
      await expect(page.getByRole('link', { name: t.support, exact: true })).toBeVisible();
      await expect(retry).toBeHidden();
      await expectNoAxeViolations(page);

      await page.goto(`${t.prefix}/returns/error?token=${tokens.driver}`);
      await expect(retry).toBeVisible();
      await expect(retry).toHaveAttribute('href', `${t.prefix}/returns?token=${tokens.driver}`);
      await expectNoAxeViolations(page);
      expect(scripts).toEqual([]);
    });
  });
}

test.describe('a site whose configuration is incomplete', () => {
  test.describe('the human check has no settings', () => {
    test.use({
      allowedConsoleErrors:
        /^\{code: (configurationParameterLoadFailed, call: humanCheck, status: 200|unknownError, call: humanCheck)\}$/,
    });

    test('logs configurationParameterLoadFailed when the sender submits @desktop', async ({
      page,
      consoleErrors,
    }) => {
      const t = texts.cs;
      await page.route('**/api/human-check', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"provider":"recaptcha"}' }),
      );
      await openFilledForm(page, 'cs', tokens.noDriver);
      await formOf(page, t).submit.click();
      await expect(page).toHaveURL(`/returns/error?token=${tokens.noDriver}`);
      expect(consoleErrors).toEqual([
        '{code: configurationParameterLoadFailed, call: humanCheck, status: 200}',
        '{code: unknownError, call: humanCheck}',
      ]);
    });
  });
});
