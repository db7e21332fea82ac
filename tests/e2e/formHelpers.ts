import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { acceptedOf } from '../../src/lib/acceptedReturn.ts';

export type Locale = 'cs' | 'en';
export const locales = ['cs', 'en'] as const;

/** The seeded demo return pages' tokens. */
export { demoTokens as tokens } from '../../carrier/seed.ts';

/** The form's texts as a sender sees them, per locale (spec §2, §4, §5, §8). */
export const formTexts = {
  cs: {
    prefix: '',
    sectionCountry: 'Odkud zásilku posíláte?',
    countryLabel: 'Země odesílatele',
    countryHelp: 'Nápověda: Země odesílatele',
    czechia: 'Česko',
    slovakia: 'Slovensko',
    germany: 'Německo',
    labelPrint: 'Se štítkem',
    labelQr: 'Bez štítku (QR kód)',
    needTitle: 'Co budete potřebovat',
    printer: 'tiskárnu',
    handoverPickup: 'Na výdejním místě',
    handoverDriver: 'Vyzvednutí kurýrem',
    mapHome: 'Mapa výdejních míst v Česku',
    mapAbroad: 'Mapa výdejních míst v zahraničí',
    paidTitle: 'Placená služba',
    paidText: 'Opravdu chcete tuto službu aktivovat? Tato služba je zpoplatněna.',
    confirm: 'Potvrdit',
    cancel: 'Zrušit',
    recipient: 'Příjemce',
    name: 'Jméno a příjmení / firma',
    street: 'Ulice a číslo domu',
    zipCode: 'PSČ',
    city: 'Obec',
    email: 'E-mail',
    phone: 'Telefon (nepovinné)',
    reference: 'Číslo objednávky nebo reference (nepovinné)',
    termsPersons: /^Souhlasím se všeobecnými obchodními podmínkami pro fyzické osoby/,
    termsCompanies: /^Souhlasím s obchodními podmínkami pro firmy/,
    submit: 'Odeslat údaje',
    submitting: 'Odesíláme…',
    errorSummary: 'Vyplňte všechna povinná pole.',
    errorRequired: 'Vyplňte toto pole.',
    errorEmail: 'Zadejte platný e\u2011mail.',
    errorCharacters:
      'Text obsahuje nepovolené skryté znaky, například zalomení řádku nebo tabulátor. Napište ho znovu ručně, nevkládejte ho.',
    errorTerms: 'Pro odeslání je potřeba souhlasit.',
    requiredHint: 'Vyplňte prosím toto pole.',
    suggestions: 'Návrhy adres',
    successTitle: 'Hotovo, vratka je vytvořená',
    accepted:
      'Zásilka byla úspěšně vytvořena. Štítek k zásilce jsme poslali na zadanou e\u2011mailovou adresu.',
    documentNote: 'Velikost dokumentu je přibližně 120 kB.',
    languageButton: 'Jazyk: CS',
    otherLanguageLink: 'EN English',
    errorHeading: 'Došlo k chybě.',
    notFoundHeading: '404 Stránka nenalezena',
  },
  en: {
    prefix: '/en',
    sectionCountry: 'Where do you ship from?',
    countryLabel: 'Sender country',
    countryHelp: 'Help: Sender country',
    czechia: 'Czechia',
    slovakia: 'Slovakia',
    germany: 'Germany',
    labelPrint: 'With label',
    labelQr: 'Without label (QR code)',
    needTitle: 'What you will need',
    printer: 'a printer',
    handoverPickup: 'At a pick-up point',
    handoverDriver: 'Driver pickup',
    mapHome: 'Map of pick-up points in Czechia',
    mapAbroad: 'Map of pick-up points abroad',
    paidTitle: 'Paid service',
    paidText: 'Do you really want to activate this service? This service is charged.',
    confirm: 'Confirm',
    cancel: 'Cancel',
    recipient: 'Recipient',
    name: 'Name / company',
    street: 'Street and house number',
    zipCode: 'Zip code',
    city: 'City',
    email: 'E-mail',
    phone: 'Phone (optional)',
    reference: 'Order number or reference (optional)',
    termsPersons: /^I agree to the general terms and conditions for private persons/,
    termsCompanies: /^I agree to the business terms and conditions for companies/,
    submit: 'Send data',
    submitting: 'Sending…',
    errorSummary: 'Enter all required fields.',
    errorRequired: 'Fill in this field.',
    errorEmail: 'Enter a valid email.',
    errorCharacters:
      'The text contains hidden characters that are not allowed, such as a line break or a tab. Type it in again rather than pasting it.',
    errorTerms: 'You need to agree to send the form.',
    requiredHint: 'Please fill in this field.',
    suggestions: 'Address suggestions',
    successTitle: 'Done, your return is created',
    accepted:
      'The shipment was successfully created. The label for your shipment has been sent to the specified email address.',
    documentNote: 'The document is about 120 kB.',
    languageButton: 'Language: EN',
    otherLanguageLink: 'CS Čeština',
    errorHeading: 'An error has occurred.',
    notFoundHeading: '404 Page Not Found',
  },
} as const;

export type FormTexts = (typeof formTexts)[Locale];

/** The other locale's path prefix, for the language switch. */
export const otherPrefix = { cs: '/en', en: '' } as const;

/** The form page of a return link in a locale. */
export function formUrl(locale: Locale, token: string): string {
  return `${formTexts[locale].prefix}/returns?token=${token}`;
}

/** The recipient's address, as the server renders it with the form. */
export function islandRecipient(page: Page): Locator {
  return page.locator('section.recipient > address');
}

/** The form once its island has taken over the server's markup (SenderForm marks it). */
export function hydratedForm(page: Page): Locator {
  return page.locator('form.return-form[data-island="ready"]');
}

/**
 * A mouse over the form, as a desktop sender's before using it: the island takes the server's
 * markup over when the sender reaches for it (src/islands/intentDirective.ts), and this is the
 * one way of reaching that neither moves the focus nor changes what the page shows.
 */
export async function reachForForm(page: Page): Promise<void> {
  await page.locator('astro-island').dispatchEvent('pointerover', { pointerType: 'mouse', bubbles: true });
}

/** Opens the form of a return link, reaches for it and waits until its island has taken over. */
export async function openForm(page: Page, locale: Locale, token: string): Promise<void> {
  await page.goto(formUrl(locale, token));
  await expect(islandRecipient(page)).toContainText(/\d{5}/);
  await reachForForm(page);
  await expect(hydratedForm(page)).toHaveCount(1);
}

/** The form's fields and controls, by role and accessible name. */
export function formOf(page: Page, t: FormTexts) {
  return {
    /** The country field: a native list until the sender reaches for it, then the searchable list's input. */
    countryField: page.locator('#country'),
    countryNative: page
      .getByRole('combobox', { name: t.countryLabel, exact: true })
      .and(page.locator('select')),
    countryHelp: page.getByRole('button', { name: t.countryHelp, exact: true }),
    countryCombobox: page.getByRole('combobox', { name: t.countryLabel }),
    countrySection: page.getByRole('region', { name: t.sectionCountry }),
    labelPrint: page.getByRole('radio', { name: new RegExp(`^${escape(t.labelPrint)}`) }),
    labelQr: page.getByRole('radio', { name: new RegExp(`^${escape(t.labelQr)}`) }),
    needs: page.getByRole('heading', { name: t.needTitle }).locator('xpath=following-sibling::ul'),
    pickup: page.getByRole('radio', { name: new RegExp(`^${escape(t.handoverPickup)}`) }),
    driver: page.getByRole('radio', { name: new RegExp(`^${escape(t.handoverDriver)}`) }),
    recipient: page.getByRole('region', { name: t.recipient }),
    name: page.getByRole('textbox', { name: t.name, exact: true }),
    street: page.getByRole('combobox', { name: t.street, exact: true }),
    zipCode: page.getByRole('combobox', { name: t.zipCode, exact: true }),
    city: page.getByRole('combobox', { name: t.city, exact: true }),
    email: page.getByRole('textbox', { name: t.email, exact: true }),
    phone: page.getByRole('textbox', { name: t.phone, exact: true }),
    reference: page.getByRole('textbox', { name: t.reference, exact: true }),
    termsPersons: page.getByRole('checkbox', { name: t.termsPersons }),
    termsCompanies: page.getByRole('checkbox', { name: t.termsCompanies }),
    submit: page.getByRole('button', { name: t.submit, exact: true }),
    errorSummary: page.getByRole('alert').filter({ hasText: t.errorSummary }),
    suggestions: page.getByRole('listbox', { name: t.suggestions }),
    successTitle: page.getByRole('heading', { level: 2, name: t.successTitle }),
    accepted: page.getByText(t.accepted, { exact: true }),
  };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A valid sender, typed with the pointer allowed. */
export async function fillValidSender(page: Page, t: FormTexts): Promise<void> {
  const f = formOf(page, t);
  await f.name.fill('Jana Nováková');
  await f.street.fill('Kumberská 12/1');
  await f.zipCode.fill('31800');
  await f.city.fill('Plzeň');
  await f.email.fill('jana.novakova@example.cz');
  await f.termsPersons.check();
  await f.termsCompanies.check();
}

/**
 * Presses Tab until the focused element matches the CSS `selector`, as a keyboard user walks
 * the page; fails after `max` presses.
 */
export async function tabTo(page: Page, selector: string, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Whether the page keeps an accepted return in its URL, read as the island reads it back. */
export const acceptedUrl = (url: URL): boolean => acceptedOf(url) !== undefined;

/** Counts the creation requests (POST /api/returns) the page sends. */
export function countCreations(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/returns') seen.count += 1;
  });
  return seen;
}

/**
 * Like the strict `test` of fixtures.ts, but for tests that cause a failure on purpose: a
 * console error fails the test unless it matches `expectedConsoleErrors`, which the test
 * declares with `test.use`. The errors seen are handed to the test as `consoleErrors`.
 */
export const testWithExpectedErrors = base.extend<{
  expectedConsoleErrors: { patterns: RegExp[] };
  consoleErrors: string[];
}>({
  expectedConsoleErrors: [{ patterns: [] }, { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(
        errors.filter((e) => !expectedConsoleErrors.patterns.some((pattern) => pattern.test(e))),
      ).toEqual([]);
    },
    { auto: true },
  ],
});

/** The resource error Chromium logs for a failed fetch, and the island's structured log of it (spec §8). */
export function apiFailureLogs(call: string, status: number): { patterns: RegExp[] } {
  return {
    patterns: [
      new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`),
      new RegExp(`^\\{code: apiException, call: ${escape(call)}, status: ${status}\\}$`),
    ],
  };
}
