import type { Page } from '@playwright/test';
import { returnOf, returnsFor } from '../carrierDb.ts';
import { carrierDbPath } from '../hosting/ports.ts';
import { clientOfItsOwn } from './fixtures.ts';
import { fillContact, formOf, uniqueEmail } from './formControls.ts';
import {
  acceptedReturnOf,
  formAddress,
  formUrl,
  hydratedForm,
  isAcceptedUrl,
  islandRecipient,
  reachForForm,
} from './formPage.ts';
import { expect, test } from './flowFixtures.ts';
import { holdReturns, ownCopyOf, setImportOutcome } from './returnLinks.ts';
import { texts, type Locale } from './senderTexts.ts';
import { checkAgainUntil, readyTimeout, successOf } from './successScreen.ts';

/**
 * Every return the sender means is made, exactly once (decision 035). One attempt is one visit's
 * form: a double click, a lost answer sent again, Back and Send again, and an island send followed
 * by a plain post are one return. A new visit, 'Return another shipment' and 'Try again' after a
 * failure are new attempts, and a return the carrier failed is never given back. Each way of
 * sending (with scripts in Czech, without in English), on the Node target and at the edge; the carrier's own database
 * counts the creations. Each test has a link of its own, so the limits per link stay its own.
 */

type Sender = { name: string; email: string };

/** Opens a link's form as a new visit; with scripts, until the island has taken it over. */
async function visit(page: Page, locale: Locale, token: string, scripts: boolean): Promise<void> {
  await page.goto(formUrl(locale, token));
  await atForm(page, locale, token, scripts);
}

/** The page is the link's form at an attempt's address, shown and, with scripts, the island's. */
async function atForm(
  page: Page,
  locale: Locale,
  token: string,
  scripts: boolean,
  afterAnother = false,
): Promise<void> {
  await expect(page).toHaveURL(formAddress(formUrl(locale, token), afterAnother));
  await expectForm(page, scripts);
}

/** The form is shown, and with scripts its island has it. */
async function expectForm(page: Page, scripts: boolean): Promise<void> {
  await expect(islandRecipient(page)).toContainText(/\d{5}/);
  if (!scripts) return;
  await reachForForm(page);
  await expect(hydratedForm(page)).toHaveCount(1);
}

/** Fills the form with the sender's data and a printed label (every field, so nothing depends on what was kept). */
async function fill(page: Page, locale: Locale, sender: Sender): Promise<void> {
  await formOf(page, texts[locale]).labelPrint.check();
  await fillContact(page, texts[locale], sender);
}

/** Presses Send (or the given way) and waits for the sent page; the batch it shows. */
async function send(page: Page, locale: Locale, press?: () => Promise<void>): Promise<string> {
  await (press ?? (() => formOf(page, texts[locale]).submit.click()))();
  await expect(page).toHaveURL(isAcceptedUrl, { timeout: readyTimeout });
  const batchId = acceptedReturnOf(page)?.batchId;
  expect(batchId).toMatch(/^[0-9a-f-]{36}$/);
  return batchId ?? '';
}

/**
 * Sends a return the carrier will fail: it holds the link's returns until the sent page is there,
 * as a carrier that fails a return later than at once does; the batch the page shows.
 */
async function sendToFail(page: Page, locale: Locale, token: string): Promise<string> {
  holdReturns(token, true);
  try {
    return await send(page, locale);
  } finally {
    holdReturns(token, false);
  }
}

/** The sent page of a failed return gives way to the error page (by the island, or 'check again'). */
async function toErrorPage(page: Page, locale: Locale, scripts: boolean): Promise<void> {
  const heading = page.getByRole('heading', { level: 1, name: texts[locale].errorHeading });
  if (!scripts) await checkAgainUntil(page, texts[locale], heading);
  await expect(heading).toBeVisible({ timeout: readyTimeout });
}

/** The returns' labels once the carrier made them: one per return, each its own. */
async function expectOwnLabels(batchIds: string[]): Promise<void> {
  await expect
    .poll(() => batchIds.map((batchId) => returnOf(carrierDbPath, batchId)?.state), { timeout: readyTimeout })
    .toEqual(batchIds.map(() => 'Complete'));
  const made = batchIds.map((batchId) => returnOf(carrierDbPath, batchId));
  for (const key of ['labelGuid', 'shipmentNumber'] as const) {
    const values = made.map((one) => one?.[key]);
    for (const value of values) expect(value).toBeTruthy();
    expect(new Set(values).size, key).toBe(batchIds.length);
  }
}

const importError = /^\{code: importError, call: status\}$/;

// Each way of sending once, in a language of its own: the unprefixed address and a prefixed one.
const ways = [
  { scripts: true, locale: 'cs' },
  { scripts: false, locale: 'en' },
] as const;

for (const { scripts, locale } of ways) {
  const way = scripts ? 'with scripts' : 'without scripts';
  const t = texts[locale];

  test.describe(`attempts (${locale}, ${way})`, () => {
    test.use({ javaScriptEnabled: scripts });

    test(`two visits of one link with the same data make two returns, each with its own label @desktop`, async ({
      page,
    }) => {
      const token = ownCopyOf('noDriver');
      const sender = { name: 'Jana Dvořáková', email: uniqueEmail() };
      await visit(page, locale, token, scripts);
      await fill(page, locale, sender);
      const first = await send(page, locale);
      await visit(page, locale, token, scripts);
      await fill(page, locale, sender);
      const second = await send(page, locale);
      expect(second).not.toBe(first);
      expect(returnsFor(carrierDbPath, sender.email)).toBe(2);
      await expectOwnLabels([first, second]);
    });

    test.describe('a failed return', () => {
      test.use({ allowedConsoleErrors: importError });

      test(`tried again reaches the carrier and makes a new batch @desktop`, async ({ page }) => {
        const token = ownCopyOf('failing');
        const sender = { name: 'Petr Svoboda', email: uniqueEmail() };
        await visit(page, locale, token, scripts);
        await fill(page, locale, sender);
        const failed = await sendToFail(page, locale, token);
        await toErrorPage(page, locale, scripts);
        // 'Try again' is a new attempt.
        await page.getByRole('link', { name: t.tryAgain, exact: true }).click();
        await atForm(page, locale, token, scripts);
        await fill(page, locale, sender);
        const retried = await sendToFail(page, locale, token);
        expect(retried).not.toBe(failed);
        await toErrorPage(page, locale, scripts);
        // Back to the failed attempt's form, Send again: a known failure is never given back.
        await page.goBack();
        await atForm(page, locale, token, scripts);
        await fill(page, locale, sender);
        const again = await sendToFail(page, locale, token);
        expect([failed, retried]).not.toContain(again);
        expect(returnsFor(carrierDbPath, sender.email)).toBe(3);
      });

      test(`as 'return another shipment', tried again, never shows an earlier return's label @desktop`, async ({
        page,
      }) => {
        const token = ownCopyOf('noDriver');
        const sender = { name: 'Eva Malá', email: uniqueEmail() };
        await visit(page, locale, token, scripts);
        await fill(page, locale, sender);
        const first = await send(page, locale);
        await expectOwnLabels([first]);
        // The link's next return fails at the carrier.
        setImportOutcome(token, 'error');
        await successOf(page, t).another.click();
        await atForm(page, locale, token, scripts, true);
        await fill(page, locale, sender);
        const failed = await sendToFail(page, locale, token);
        await toErrorPage(page, locale, scripts);
        setImportOutcome(token, 'complete');
        await page.getByRole('link', { name: t.tryAgain, exact: true }).click();
        await atForm(page, locale, token, scripts);
        await fill(page, locale, sender);
        const retried = await send(page, locale);
        expect([first, failed]).not.toContain(retried);
        expect(returnsFor(carrierDbPath, sender.email)).toBe(3);
        await expectOwnLabels([first, retried]);
        // The sent page shows the new return's label, not the first one's.
        const label = successOf(page, t).downloadLabel;
        if (!scripts) await checkAgainUntil(page, t, label);
        await expect(label).toBeVisible({ timeout: readyTimeout });
        expect(acceptedReturnOf(page)?.batchId).toBe(retried);
        if (!scripts) {
          const href = (await label.getAttribute('href')) ?? '';
          expect(href).toContain(returnOf(carrierDbPath, retried)?.labelGuid ?? 'none');
          expect(href).not.toContain(returnOf(carrierDbPath, first)?.labelGuid ?? 'none');
        }
      });
    });

    test.describe('one attempt is one return', () => {
      test(`a double click @desktop`, async ({ page }) => {
        const token = ownCopyOf('noDriver');
        const sender = { name: 'Karel Dvojitý', email: uniqueEmail() };
        await visit(page, locale, token, scripts);
        await fill(page, locale, sender);
        await send(page, locale, () => formOf(page, t).submit.dblclick());
        expect(returnsFor(carrierDbPath, sender.email)).toBe(1);
      });

      test(`Back and Send again @desktop`, async ({ page }) => {
        const token = ownCopyOf('noDriver');
        const sender = { name: 'Marie Zpětná', email: uniqueEmail() };
        await visit(page, locale, token, scripts);
        await fill(page, locale, sender);
        const first = await send(page, locale);
        await page.goBack();
        await atForm(page, locale, token, scripts);
        await fill(page, locale, sender);
        expect(await send(page, locale)).toBe(first);
        expect(returnsFor(carrierDbPath, sender.email)).toBe(1);
      });

      test.describe('a lost answer', () => {
        // The island logs the reset connection; without scripts the browser shows its own page.
        test.use({
          allowedConsoleErrors:
            /^(Failed to load resource: net::ERR_CONNECTION_RESET|\{code: networkException, call: createDormant\})$/,
        });

        test(`sent again @desktop`, async ({ page }) => {
          const token = ownCopyOf('noDriver');
          const sender = { name: 'Jana Ztracená', email: uniqueEmail() };
          let posts = 0;
          let createdFirst: string | undefined;
          // The site and the carrier create the return, but the answer never reaches the browser.
          const creation = (url: URL) =>
            scripts ? url.pathname === '/api/returns' : url.searchParams.has('attempt');
          await page.route(creation, async (route) => {
            if (route.request().method() !== 'POST') return route.continue();
            posts += 1;
            if (posts > 1) return route.continue();
            const response = await route.fetch({ maxRedirects: 0 });
            createdFirst = scripts
              ? ((await response.json()) as { batchId: string }).batchId
              : /\/returns\/sent\/([0-9a-f-]{36})\?/.exec(response.headers()['location'] ?? '')?.[1];
            return route.abort('connectionreset');
          });
          await visit(page, locale, token, scripts);
          const address = page.url();
          await fill(page, locale, sender);
          await formOf(page, t).submit.click();
          await expect.poll(() => createdFirst).toMatch(/^[0-9a-f-]{36}$/);
          if (scripts) {
            // The sender stays on the form with the spec's message and everything typed (spec §8).
            await expect(page.getByRole('alert')).toContainText(t.creationFailed);
          } else {
            // The browser shows its own error page in the form's place, at its address: the sender
            // loads that address again (a reload of the form in the same tab).
            await expect(islandRecipient(page)).toHaveCount(0);
            await page.goto(address);
            await expectForm(page, scripts);
            await fill(page, locale, sender);
          }
          expect(await send(page, locale)).toBe(createdFirst);
          expect(posts).toBe(2);
          expect(returnsFor(carrierDbPath, sender.email)).toBe(1);
        });
      });
    });
  });
}

test(`an island send followed by a plain post of the same visit is one return @desktop`, async ({
  page,
  browser,
}) => {
  const locale = 'en';
  const token = ownCopyOf('noDriver');
  const sender = { name: 'Tomáš Obojí', email: uniqueEmail() };
  await visit(page, locale, token, true);
  const address = page.url();
  await fill(page, locale, sender);
  const first = await send(page, locale);
  // The same visit's form, posted as plain HTML (Back, before the island took over again).
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: clientOfItsOwn().headers,
  });
  try {
    const without = await plain.newPage();
    await without.goto(address);
    await expectForm(without, false);
    await fill(without, locale, sender);
    expect(await send(without, locale)).toBe(first);
  } finally {
    await plain.close();
  }
  expect(returnsFor(carrierDbPath, sender.email)).toBe(1);
});

test(`two senders behind one address open one link at once: each visit is its own attempt and makes its own return @desktop`, async ({
  browser,
}) => {
  const locale = 'cs';
  const token = ownCopyOf('noDriver');
  // One office, one public address, one link passed round: the same data, a parcel each.
  const office = clientOfItsOwn().headers;
  const sender = { name: 'Recepce Kabelky', email: uniqueEmail() };
  const contexts = await Promise.all(
    [0, 1].map(() => browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: office })),
  );
  try {
    const pages = await Promise.all(contexts.map((context) => context.newPage()));
    await Promise.all(pages.map((page) => visit(page, locale, token, false)));
    const [one, other] = pages.map((page) => new URL(page.url()).searchParams.get('attempt'));
    expect(one).toMatch(/^[0-9a-f-]{36}$/);
    expect(other).not.toBe(one);
    for (const page of pages) await fill(page, locale, sender);
    const batches = await Promise.all(pages.map((page) => send(page, locale)));
    expect(new Set(batches).size).toBe(2);
    expect(returnsFor(carrierDbPath, sender.email)).toBe(2);
    await expectOwnLabels(batches);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
