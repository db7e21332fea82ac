import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import {
  countCreations,
  formAddress,
  formUrl,
  hydratedForm,
  isAcceptedUrl,
  openForm,
  otherPrefix,
  tabTo,
  tokens,
} from './formPage.ts';
import { fillValidSender, formOf } from './formControls.ts';
import { locales, texts, widthIn } from './senderTexts.ts';
import { successOf } from './successScreen.ts';

/** Creating a return runs the human check (ALTCHA proof of work) in the browser first. */
const creationTimeout = 20_000;

/** From wherever the focus is, the sender's fields and the terms, with Tab, keys and Space alone. */
async function fillContactWithKeys(page: Page, f: ReturnType<typeof formOf>): Promise<void> {
  await tabTo(page, '#name');
  await page.keyboard.type('Jan Novák');
  await page.keyboard.press('Tab');
  await expect(f.street).toBeFocused();
  await page.keyboard.type('Kumberská 12/1');
  await tabTo(page, '#zipCode');
  await page.keyboard.type('31800');
  await tabTo(page, '#city');
  await page.keyboard.type('Plzeň');
  await tabTo(page, '#email');
  await page.keyboard.type('jan.novak@example.cz');
  await page.keyboard.press('Tab');
  await expect(f.phone).toBeFocused();
  await page.keyboard.type('+420 777 123 456');
  await tabTo(page, '#customerReference');
  await page.keyboard.type('OBJ-2024-17');
  await tabTo(page, '#termsAccepted');
  await page.keyboard.press('Space');
  await tabTo(page, '#termsAcceptedBussiness');
  await page.keyboard.press('Space');
  await expect(f.termsPersons).toBeChecked();
  await expect(f.termsCompanies).toBeChecked();
}

for (const locale of locales) {
  const t = texts[locale];
  const width = widthIn[locale];

  test.describe(`return form in ${locale}`, () => {
    test('without a token, or with one no return page has, the page is the not-found page (404) @desktop', async ({
      page,
    }) => {
      for (const path of [`${t.prefix}/returns`, formUrl(locale, 'no-such-return-link-0000')]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.notFoundHeading);
        await expect(page.getByRole('button', { name: t.submit })).toHaveCount(0);
      }
    });

    test('a link whose token the carrier refuses as malformed (a stray "=") is the not-found page, never an error @desktop', async ({
      page,
    }) => {
      const response = await page.goto(formUrl(locale, `${tokens.driver}=`));
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.notFoundHeading);
    });

    test(`the loaded form: section 1, the home country, the Default recipient, the hints, no axe violations ${width}`, async ({
      page,
    }) => {
      await openForm(page, locale, tokens.connect);
      const f = formOf(page, t);
      await expect(page.getByRole('heading', { level: 2, name: t.sectionCountry })).toBeVisible();
      await expect(f.countryNative).toHaveValue('CZ');
      await expect(f.countryNative.locator('option:checked')).toHaveText(t.czechia);
      await expect(f.recipient).toContainText('Móda Europe a.s.');
      await expect(f.recipient).toContainText('Kumberská 12/1');
      await expect(f.recipient).toContainText('31800 Plzeň');
      await expect(f.recipient).toContainText(t.czechia);
      await expect(f.recipient).not.toContainText('ReturnConnect');
      // Spec §2/§4 defaults: both label choices for CZ, QR and the pick-up point chosen.
      await expect(f.labelQr).toBeChecked();
      await expect(f.labelPrint).not.toBeChecked();
      await expect(f.pickup).toBeChecked();
      await expect(f.errorSummary).toHaveCount(0);
      // Spec §5: the required-field hint is the title of each required input.
      for (const field of [f.name, f.street, f.zipCode, f.city, f.email]) {
        await expect(field).toHaveAttribute('title', t.requiredHint);
      }
      for (const field of [f.phone, f.reference]) {
        await expect(field).not.toHaveAttribute('title', t.requiredHint);
      }
      // Spec §2: the 120 kB document note only on small screens (375 px yes, 1280 px no).
      const note = page.getByText(t.documentNote);
      if ((page.viewportSize()?.width ?? 0) < 768) await expect(note).toBeVisible();
      else await expect(note).toBeHidden();
      await expectNoAxeViolations(page);
    });

    test.describe('country', () => {
      test(`choosing Slovakia forces the printed label and shows the ReturnConnect recipient ${width}`, async ({
        page,
      }) => {
        await openForm(page, locale, tokens.connect);
        const f = formOf(page, t);
        await expect(f.labelQr).toBeVisible();
        await f.countryNative.click();
        await expect(f.countryCombobox).toBeFocused();
        await page.keyboard.type('Slov');
        await page.getByRole('option', { name: t.slovakia, exact: true }).click();
        await expect(f.countrySection).toContainText(t.slovakia);
        await expect(f.labelQr).toHaveCount(0);
        await expect(f.labelPrint).toBeChecked();
        await expect(page.getByRole('listitem').filter({ hasText: t.printer })).toBeVisible();
        await expect(f.recipient).toContainText('Móda Europe – ReturnConnect hub');
        await expect(f.recipient).toContainText('Ulica Hraničná 7');
        await expect(f.recipient).toContainText('82105 Bratislava');
        await expect(f.recipient).toContainText(t.slovakia);
        // SK is a driver-pickup country and this page allows it.
        await expect(f.driver).toBeVisible();
      });

      test('choosing Germany hides driver pickup and forces the pick-up point @desktop', async ({ page }) => {
        await openForm(page, locale, tokens.driver);
        const f = formOf(page, t);
        await f.driver.click();
        await page
          .getByRole('dialog', { name: t.paidTitle })
          .getByRole('button', { name: t.paidConfirm })
          .click();
        await expect(f.driver).toBeChecked();
        // Driver pickup needs no map of pick-up points.
        await expect(page.getByRole('link', { name: t.mapHome })).toHaveCount(0);
        await f.countryNative.click();
        await page.keyboard.type(t.germany.slice(0, 4));
        await page.getByRole('option', { name: t.germany, exact: true }).click();
        await expect(f.countrySection).toContainText(t.germany);
        await expect(f.driver).toHaveCount(0);
        await expect(f.pickup).toBeChecked();
        // Spec §2: the map of pick-up points abroad instead of the home one.
        await expect(page.getByRole('link', { name: t.mapAbroad })).toBeVisible();
        await expect(page.getByRole('link', { name: t.mapHome })).toHaveCount(0);
        await expect(f.labelQr).toHaveCount(0);
        await expect(f.labelPrint).toBeChecked();
        // Spec §4: the Default address when there is no ReturnConnect one.
        await expect(f.recipient).toContainText('Kabelky Plzeň s.r.o.');
      });

      test('is chosen with the keyboard: Tab to the field, type, Enter @desktop', async ({ page }) => {
        await openForm(page, locale, tokens.connect);
        const f = formOf(page, t);
        await f.countryHelp.focus();
        await page.keyboard.press('Tab');
        // The field turns into the searchable list, with the focus kept. (Keys typed before it
        // arrives pick from the native list, as a native list does.)
        await expect(f.countryNative).toHaveCount(0);
        await expect(f.countryCombobox).toBeFocused();
        await page.keyboard.type('Slov');
        await expect(page.getByRole('option', { name: t.slovakia, exact: true })).toBeVisible();
        await page.keyboard.press('Enter');
        await expect(f.countrySection).toContainText(t.slovakia);
        await expect(f.labelQr).toHaveCount(0);
        await expect(f.labelPrint).toBeChecked();
        await expect(f.recipient).toContainText('Ulica Hraničná 7');
        await expect(f.countryCombobox).toBeFocused();
      });

      test('tabbing past the country field keeps the focus where Tab moved it @desktop', async ({ page }) => {
        // The list's code arrives a moment after the field got focus, as on a slow connection.
        await page.route('**/_astro/CountrySelect.*.js', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 600));
          await route.continue();
        });
        await openForm(page, locale, tokens.driver);
        const f = formOf(page, t);
        const listCode = page
          .waitForResponse((r) => r.url().includes('/CountrySelect.'), { timeout: 5_000 })
          .catch(() => undefined);
        await f.countryHelp.focus();
        await page.keyboard.press('Tab');
        await expect(f.countryField).toBeFocused();
        await page.keyboard.press('Tab');
        await expect(f.labelQr).toBeFocused();
        // Once the list's code has arrived, the sender is still where Tab took them.
        await listCode;
        await page.waitForTimeout(300);
        await expect(f.labelQr).toBeFocused({ timeout: 500 });
      });
    });

    test('the printer is needed only with the printed label @desktop', async ({ page }) => {
      await openForm(page, locale, tokens.driver);
      const f = formOf(page, t);
      await expect(f.needs.getByRole('listitem')).toHaveCount(2);
      await expect(f.needs).not.toContainText(t.printer);
      await f.labelPrint.check();
      await expect(f.needs.getByRole('listitem')).toHaveCount(3);
      await expect(f.needs).toContainText(t.printer);
      await f.labelQr.check();
      await expect(f.needs).not.toContainText(t.printer);
    });

    test.describe('driver pickup', () => {
      test(`asks for confirmation: Cancel and Escape keep the pick-up point, Confirm selects the driver ${width}`, async ({
        page,
      }) => {
        await openForm(page, locale, tokens.driver);
        const f = formOf(page, t);
        const dialog = page.getByRole('dialog', { name: t.paidTitle });
        await expect(dialog).toHaveCount(0);

        await f.driver.click();
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText(t.paidText);
        await expect(dialog.getByRole('button', { name: t.paidCancel })).toBeFocused();
        await expect(dialog.getByRole('button', { name: t.paidConfirm })).toBeVisible();
        await expectNoAxeViolations(page);
        await dialog.getByRole('button', { name: t.paidCancel }).click();
        await expect(dialog).toBeHidden();
        await expect(f.pickup).toBeChecked();
        await expect(f.driver).not.toBeChecked();

        await f.driver.click();
        await expect(dialog).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(f.pickup).toBeChecked();
        await expect(f.driver).not.toBeChecked();

        await f.driver.click();
        await dialog.getByRole('button', { name: t.paidConfirm }).click();
        await expect(dialog).toBeHidden();
        await expect(f.driver).toBeChecked();
        await expect(f.pickup).not.toBeChecked();

        // Back to the pick-up point needs no confirmation.
        await f.pickup.click();
        await expect(dialog).toBeHidden();
        await expect(f.pickup).toBeChecked();
      });

      test('is not offered when the return page does not allow it @desktop', async ({ page }) => {
        await openForm(page, locale, tokens.noDriver);
        const f = formOf(page, t);
        await expect(f.pickup).toBeChecked();
        await expect(f.driver).toHaveCount(0);
        await expect(page.getByText(t.handoverDriver)).toHaveCount(0);
      });
    });

    test.describe('validation', () => {
      test(`an empty submit shows the summary, focuses the name and ties each error to its field ${width}`, async ({
        page,
      }) => {
        await openForm(page, locale, tokens.driver);
        const f = formOf(page, t);
        const creations = countCreations(page);
        await f.submit.click();
        await expect(f.errorSummary).toHaveText(t.errorSummary);
        await expect(f.name).toBeFocused();
        for (const field of [f.name, f.street, f.zipCode, f.city, f.email]) {
          await expect(field).toHaveAttribute('aria-invalid', 'true');
          await expect(field).toHaveAccessibleDescription(t.errorRequired);
        }
        for (const box of [f.termsPersons, f.termsCompanies]) {
          await expect(box).toHaveAttribute('aria-invalid', 'true');
          await expect(box).toHaveAccessibleDescription(t.errorTerms);
        }
        for (const field of [f.phone, f.reference]) {
          await expect(field).not.toHaveAttribute('aria-invalid', 'true');
        }
        await expectNoAxeViolations(page);
        expect(creations.count).toBe(0);
      });

      test('a wrong e-mail, a blank name, re-validation on change, focus on the first invalid field @desktop', async ({
        page,
      }) => {
        await openForm(page, locale, tokens.driver);
        const f = formOf(page, t);
        await fillValidSender(page, t);
        await f.name.fill('   ');
        await f.email.fill('jana.novakova@example');
        await f.submit.click();
        await expect(f.errorSummary).toBeVisible();
        await expect(f.name).toBeFocused();
        await expect(f.name).toHaveAttribute('aria-invalid', 'true');
        await expect(f.name).toHaveAccessibleDescription(t.errorRequired);
        await expect(f.email).toHaveAttribute('aria-invalid', 'true');
        await expect(f.email).toHaveAccessibleDescription(t.errorEmail);
        await expect(page.getByText(t.errorEmail)).toBeVisible();
        for (const field of [f.street, f.zipCode, f.city, f.termsPersons, f.termsCompanies]) {
          await expect(field).not.toHaveAttribute('aria-invalid', 'true');
        }

        // Fixing a field clears its error as the sender types, without a new submit.
        await f.name.pressSequentially('J');
        await expect(f.name).not.toHaveAttribute('aria-invalid', 'true');
        await expect(f.name).not.toHaveAccessibleDescription(t.errorRequired);
        await expect(f.email).toHaveAttribute('aria-invalid', 'true');
        await expect(f.errorSummary).toBeVisible();
        await f.email.pressSequentially('.cz');
        await expect(f.email).not.toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByText(t.errorEmail)).toHaveCount(0);
        await expect(f.errorSummary).toHaveCount(0);

        // Unchecking a term after the first submit shows its error at once.
        await f.termsCompanies.uncheck();
        await expect(f.termsCompanies).toHaveAttribute('aria-invalid', 'true');
        await expect(f.errorSummary).toBeVisible();

        // The focus goes to the first invalid field in the form's order.
        await f.termsCompanies.check();
        await f.street.fill('');
        await f.city.fill('');
        await f.submit.click();
        await expect(f.street).toBeFocused();
        await expect(f.city).toHaveAttribute('aria-invalid', 'true');
      });

      test(`a name with a hidden right-to-left override shows its message beside the field ${width}`, async ({
        page,
      }) => {
        await openForm(page, locale, tokens.driver);
        const f = formOf(page, t);
        const creations = countCreations(page);
        await fillValidSender(page, t);
        await f.name.fill('Jana\u202eNováková');
        await f.submit.click();
        await expect(f.name).toBeFocused();
        await expect(f.name).toHaveAttribute('aria-invalid', 'true');
        await expect(f.name).toHaveAccessibleDescription(t.errorCharacters);
        await expect(page.getByText(t.errorCharacters)).toBeVisible();
        await f.name.fill('Jana Nováková');
        await expect(f.name).not.toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByText(t.errorCharacters)).toHaveCount(0);
        expect(creations.count).toBe(0);
      });
    });

    test.describe('address suggestions', () => {
      test('open after typing, close on Escape, are chosen with the keyboard @desktop', async ({ page }) => {
        await openForm(page, locale, tokens.driver);
        const f = formOf(page, t);
        await expect(f.street).toHaveAttribute('aria-expanded', 'false');
        await f.street.pressSequentially('kumber');
        await expect(f.suggestions).toBeVisible();
        await expect(f.street).toHaveAttribute('aria-expanded', 'true');
        await page.keyboard.press('Escape');
        await expect(f.suggestions).toBeHidden();
        await expect(f.street).toHaveAttribute('aria-expanded', 'false');
        await expect(f.street).toHaveValue('kumber');
        await expect(f.street).toBeFocused();

        await page.keyboard.type('s');
        await expect(f.suggestions).toBeVisible();
        await expect(f.street).toHaveAttribute('aria-expanded', 'true');
        const first = f.suggestions.getByRole('option').first();
        await expect(first).toHaveText(/^Kumberská .+, 31800 Plzeň$/);
        await expectNoAxeViolations(page);

        await page.keyboard.press('ArrowDown');
        await expect(first).toHaveAttribute('aria-selected', 'true');
        await expect(f.street).toHaveAttribute(
          'aria-activedescendant',
          (await first.getAttribute('id')) ?? '',
        );
        const chosen = ((await first.textContent()) ?? '').split(', ')[0];
        await page.keyboard.press('Enter');

        await expect(f.suggestions).toBeHidden();
        await expect(f.street).toHaveAttribute('aria-expanded', 'false');
        await expect(f.street).toHaveValue(chosen ?? '');
        await expect(f.street).toHaveValue(/^Kumberská \S/);
        await expect(f.zipCode).toHaveValue('31800');
        await expect(f.city).toHaveValue('Plzeň');
        await expect(f.street).toBeFocused();
        // Enter chose a suggestion; it did not submit the form.
        await expect(f.errorSummary).toHaveCount(0);
      });

      test('the list does not open after the sender has left the field @desktop', async ({ page }) => {
        await openForm(page, locale, tokens.driver);
        const f = formOf(page, t);
        const answered = page
          .waitForResponse((r) => new URL(r.url()).pathname === '/api/addresses', { timeout: 2_000 })
          .catch(() => undefined);
        await f.street.pressSequentially('kumbers');
        // Tab away before the 500 ms debounce has passed.
        await page.keyboard.press('Tab');
        await expect(f.zipCode).toBeFocused();
        await answered;
        await page.waitForTimeout(300);
        await expect(f.suggestions).toBeHidden({ timeout: 500 });
        await expect(f.street).toHaveAttribute('aria-expanded', 'false', { timeout: 500 });
      });

      test('are not offered when the country is not Czechia @desktop', async ({ page }) => {
        await openForm(page, locale, tokens.driver);
        const f = formOf(page, t);
        const asked: string[] = [];
        page.on('request', (r) => {
          if (new URL(r.url()).pathname === '/api/addresses') asked.push(r.url());
        });
        await f.countryNative.click();
        await page.keyboard.type(t.germany.slice(0, 4));
        await page.getByRole('option', { name: t.germany, exact: true }).click();
        await f.street.pressSequentially('kumbers');
        await page.waitForTimeout(1_000);
        await expect(f.suggestions).toBeHidden();
        await expect(f.street).toHaveAttribute('aria-expanded', 'false');
        expect(asked).toEqual([]);
      });
    });

    test('the whole form is filled and sent with the keyboard alone @desktop', async ({ page }) => {
      await openForm(page, locale, tokens.driver);
      const f = formOf(page, t);
      const creations = countCreations(page);

      // From the top of the page: the country field turns into the list when Tab reaches it.
      await tabTo(page, '#country');
      await expect(f.countryCombobox).toBeFocused();
      await fillContactWithKeys(page, f);
      await tabTo(page, 'button[type=submit]');
      await expect(f.submit).toBeFocused();
      await page.keyboard.press('Enter');

      await expect(successOf(page, t).heading).toBeVisible({ timeout: creationTimeout });
      await expect(successOf(page, t).description).toBeVisible();
      await expect(page).toHaveURL(isAcceptedUrl);
      expect(creations.count).toBe(1);
    });

    test('on a phone-speed CPU from the first paint, the focus goes only where Tab takes it while the island takes over @desktop', async ({
      page,
    }) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(formUrl(locale, tokens.driver), { waitUntil: 'commit' });
      const f = formOf(page, t);
      // The first Tab lands in the server's form; the island takes over somewhere in the keys.
      await expect(f.submit).toBeVisible();
      await fillContactWithKeys(page, f);
      await expect(hydratedForm(page)).toHaveCount(1);
      await expect(f.name).toHaveValue('Jan Novák');
      await expect(page.locator('#customerReference')).toHaveValue('OBJ-2024-17');
      await tabTo(page, 'button[type=submit]');
      await page.keyboard.press('Enter');
      await expect(successOf(page, t).heading).toBeVisible({ timeout: creationTimeout });
    });

    test('the draft survives a reload and a language switch, without the terms @desktop', async ({
      page,
    }) => {
      await openForm(page, locale, tokens.driver);
      let f = formOf(page, t);
      await f.name.fill('Jana Nováková');
      await f.street.fill('Americká 12');
      await f.labelPrint.check();
      await f.termsPersons.check();
      await f.termsCompanies.check();

      await page.reload();
      await expect(f.name).toHaveValue('Jana Nováková');
      await expect(f.street).toHaveValue('Americká 12');
      await expect(f.labelPrint).toBeChecked();
      await expect(f.termsPersons).not.toBeChecked();
      await expect(f.termsCompanies).not.toBeChecked();

      await f.termsPersons.check();
      await page.getByRole('button', { name: t.languageButton }).click();
      await page.getByRole('link', { name: t.otherLanguageLink }).click();
      await expect(page).toHaveURL(formAddress(`${otherPrefix[locale]}/returns?token=${tokens.driver}`));
      const other = texts[locale === 'cs' ? 'en' : 'cs'];
      f = formOf(page, other);
      await expect(page.getByRole('heading', { level: 2, name: other.sectionCountry })).toBeVisible();
      await expect(f.name).toHaveValue('Jana Nováková');
      await expect(f.street).toHaveValue('Americká 12');
      await expect(f.labelPrint).toBeChecked();
      await expect(f.termsPersons).not.toBeChecked();
      await expect(f.termsCompanies).not.toBeChecked();
    });
  });
}

/** Real creations: the keyboard-only submit in each language, and this. */
test.describe('submitting', () => {
  const t = texts.cs;

  test('a quick double click on submit creates one return @desktop', async ({ page }) => {
    await openForm(page, 'cs', tokens.driver);
    const f = formOf(page, t);
    const creations = countCreations(page);
    // Holds the answer a moment, so the busy state can be seen.
    await page.route('**/api/returns', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await fillValidSender(page, t);
    await f.submit.dblclick();
    const busy = page.getByRole('button', { name: t.submitting });
    await expect(busy).toBeDisabled({ timeout: creationTimeout });
    await expect(successOf(page, t).heading).toBeVisible({ timeout: creationTimeout });
    await expect(successOf(page, t).description).toBeVisible();
    await expect(page).toHaveURL(isAcceptedUrl);
    await page.waitForTimeout(500);
    expect(creations.count).toBe(1);
  });
});
