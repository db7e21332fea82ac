import { expect, type Locator, type Page, type Route } from '@playwright/test';
import { sentOf } from '../../src/lib/acceptedReturn.ts';
import { escapeRegExp } from '../escapeRegExp.ts';
import { texts, type Locale } from './senderTexts.ts';

/** The seeded demo return pages' tokens. */
export { demoTokens as tokens } from '../../carrier/seed.ts';

/** The path prefix of the other locale of the behaviour specs, for the language switch. */
export const otherPrefix = { cs: texts.en.prefix, en: texts.cs.prefix } as const;

/** The form page of a return link in a locale. */
export function formUrl(locale: Locale, token: string): string {
  return `${texts[locale].prefix}/returns?token=${token}`;
}

/**
 * The address of a link's form (`/en/returns?token=…`) as the browser shows it: with the attempt
 * the site adds to every visit (decision 035). After 'Return another shipment' it may still hold
 * the flag that asks for a clean form, until the island has read it (src/lib/pageQuery.ts).
 */
export function formAddress(path: string, afterAnother = false): RegExp {
  const flag = afterAnother ? '(?:&another=1)?' : '';
  return new RegExp(`^https?://[^/]+${escapeRegExp(path)}${flag}&attempt=[0-9a-f-]{36}$`);
}

/** The attempt of the form page the browser shows. */
export function attemptOfPage(page: Page): string | null {
  return new URL(page.url()).searchParams.get('attempt');
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

/**
 * Opens the form of a return link, reaches for it and waits until its island has taken over;
 * `timeout` for a test that runs beside heavy ones (the accessibility checks).
 */
export async function openForm(page: Page, locale: Locale, token: string, timeout?: number): Promise<void> {
  const wait = timeout === undefined ? {} : { timeout };
  await page.goto(formUrl(locale, token));
  await expect(islandRecipient(page)).toContainText(/\d{5}/, wait);
  await reachForForm(page);
  await expect(hydratedForm(page)).toHaveCount(1, wait);
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

/** Whether the page is the sent page of an accepted return, where both ways of sending end. */
export const isAcceptedUrl = (url: URL): boolean => sentOf(url) !== undefined;

/** The accepted return whose sent page the page is (src/lib/acceptedReturn.ts), without a notice. */
export function acceptedReturnOf(page: Page) {
  const sent = sentOf(new URL(page.url()));
  if (!sent) return undefined;
  const { notice: _notice, ...accepted } = sent;
  return accepted;
}

/** Counts the creation requests (POST /api/returns) the page sends. */
export function countCreations(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/returns') seen.count += 1;
  });
  return seen;
}

/**
 * The window between the first paint and the island taking over, made as long as a test
 * wants: the island's scripts are held back until released. Nothing the sender does in it
 * may be lost, sent twice, or put personal data in a URL or a log line.
 */
export function holdScripts(page: Page): () => Promise<void> {
  const held: Route[] = [];
  let released = false;
  void page.route(/\/_astro\/.*\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}
