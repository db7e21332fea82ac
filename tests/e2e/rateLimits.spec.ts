import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures.ts';
import { apiFailureLogs, expect, test } from './flowFixtures.ts';
import { countCreations, openForm, tokens } from './formPage.ts';
import { successOf } from './successScreen.ts';
import { fillValidSender, formOf } from './formControls.ts';
import { locales, texts } from './senderTexts.ts';

/** Another sender's requests from the same address for the same link, until the site refuses them. */
async function exhaustCreations(request: APIRequestContext, address: string, link: string): Promise<void> {
  let status = 0;
  for (let i = 0; i < 50; i += 1) {
    const res = await request.post('/api/returns', {
      headers: {
        'X-Forwarded-For': address,
        'Idempotency-Key': crypto.randomUUID(),
        'X-Human-Check': 'not-solved',
      },
      data: {
        base64Token: link,
        prepaidDriverPickUp: false,
        labelless: false,
        sender: {
          name: 'Test',
          contact: 'Test',
          street: 'Kumberská 12/1',
          zipCode: '31800',
          city: 'Plzeň',
          country: 'CZ',
          email: 'test@example.cz',
        },
      },
    });
    status = res.status();
    if (status === 429) return;
  }
  throw new Error(`The creation limit never answered 429 (last status ${status}).`);
}

/** Every value the sender typed or chose, as the form shows it. */
async function formValues(page: Page, f: ReturnType<typeof formOf>) {
  return {
    name: await f.name.inputValue(),
    street: await f.street.inputValue(),
    zipCode: await f.zipCode.inputValue(),
    city: await f.city.inputValue(),
    email: await f.email.inputValue(),
    phone: await f.phone.inputValue(),
    reference: await f.reference.inputValue(),
    labelPrint: await f.labelPrint.isChecked(),
    termsPersons: await f.termsPersons.isChecked(),
    termsCompanies: await f.termsCompanies.isChecked(),
    url: page.url(),
  };
}

/*
 * Each check runs once, in one of the two behaviour languages, alternating (the behaviour is the same
 * code in each; every language's texts are the languages spec's).
 */
const checkIn = { tooMany: 'cs', cannotTake: 'en' } as const;

for (const locale of locales) {
  const t = texts[locale];

  if (locale === checkIn.tooMany)
    test.describe(`too many creations from one network (${locale})`, () => {
      test.use({ allowedConsoleErrors: apiFailureLogs('createDormant', 429) });

      test('the form says when to try again, keeps everything and lets the sender send again @desktop', async ({
        page,
        clientAddress: address,
      }) => {
        await openForm(page, locale, tokens.noDriver);
        const f = formOf(page, t);
        await fillValidSender(page, t);
        await f.labelPrint.check();
        await f.phone.fill('+420 777 123 456');
        await f.reference.fill('OBJ-2026-0042');
        const typed = await formValues(page, f);
        await exhaustCreations(page.request, address, tokens.noDriver);

        const creations = countCreations(page);
        await f.submit.click();
        const alert = page.getByRole('alert').filter({ hasText: texts[locale].tooManyAttempts(10) });
        await expect(alert).toBeVisible({ timeout: 20_000 });
        expect(await formValues(page, f)).toEqual(typed);
        await expect(f.submit).toBeEnabled();
        await expectNoAxeViolations(page);

        // Sending again is up to the sender: the site answers again and the form stays as it is.
        await f.submit.click();
        await expect.poll(() => creations.count, { timeout: 20_000 }).toBe(2);
        await expect(alert).toBeVisible({ timeout: 20_000 });
        expect(await formValues(page, f)).toEqual(typed);
      });
    });

  if (locale === checkIn.cannotTake)
    test.describe(`a moment when the site cannot take returns (${locale})`, () => {
      test.use({ allowedConsoleErrors: apiFailureLogs('createDormant', 503) });

      test('the form asks to send again in a few seconds, keeps everything, and the next send goes through @desktop', async ({
        page,
      }) => {
        await openForm(page, locale, tokens.noDriver);
        const f = formOf(page, t);
        await fillValidSender(page, t);
        await f.labelPrint.check();
        await f.reference.fill('OBJ-2026-0043');
        const typed = await formValues(page, f);
        // The site's answer while its shared store does not answer (docs/site-api.md), once.
        let refused = 0;
        await page.route('**/api/returns', (route) =>
          route.request().method() === 'POST' && refused++ === 0
            ? route.fulfill({
                status: 503,
                contentType: 'application/json',
                headers: { 'Retry-After': '5' },
                body: JSON.stringify({ code: 'storeUnavailable', message: 'Try again in a few seconds.' }),
              })
            : route.fallback(),
        );

        await f.submit.click();
        const alert = page.getByRole('alert').filter({ hasText: t.storeUnavailable(5) });
        await expect(alert).toBeVisible({ timeout: 20_000 });
        expect(await formValues(page, f)).toEqual(typed);
        await expect(f.submit).toBeEnabled();
        await expectNoAxeViolations(page);

        await f.submit.click();
        await expect(successOf(page, t).heading).toBeVisible({ timeout: 20_000 });
      });
    });
}
