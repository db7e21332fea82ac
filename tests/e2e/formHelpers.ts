import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { acceptedOf } from '../../src/lib/acceptedReturn.ts';
import { texts, type Locale, type Texts } from './senderTexts.ts';

/** The seeded demo return pages' tokens. */
export { demoTokens as tokens } from '../../carrier/seed.ts';

/** The other locale's path prefix, for the language switch. */
export const otherPrefix = { cs: '/en', en: '' } as const;

/** The form page of a return link in a locale. */
export function formUrl(locale: Locale, token: string): string {
  return `${texts[locale].prefix}/returns?token=${token}`;
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
export function formOf(page: Page, t: Texts) {
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
    successTitle: page.getByRole('heading', { level: 2, name: t.success.title }),
    accepted: page.getByText(t.success.description, { exact: true }),
  };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A valid sender, typed with the pointer allowed. */
export async function fillValidSender(page: Page, t: Texts): Promise<void> {
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
