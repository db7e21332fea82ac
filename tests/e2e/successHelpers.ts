import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Download, Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import {
  getCaughtAttachment,
  getCaughtMail,
  listCaughtMails,
  type CaughtMail,
} from '../../carrier/mail/mailReads.ts';
import { acceptedOf } from '../../src/lib/acceptedReturn.ts';
import { expect, test as base } from './fixtures.ts';
import type { Locale, Texts } from './senderTexts.ts';

export { tokens } from './formHelpers.ts';

/**
 * A label is ready within two polls (every 5000 ms; the e2e carrier takes 300 ms), a
 * failing import is seen at the second poll: 12 s leaves room on a busy machine.
 */
export const readyTimeout = 12_000;

/** The carrier's pages the success screen links to, from the site's content (src/content/shell). */
export function shellLinks(locale: Locale): { returnOrdering: string; howToPack: string; home: string } {
  const shell = JSON.parse(readFileSync(`src/content/shell/${locale}.json`, 'utf8')) as {
    brand: { homeUrl: string };
    links: { returnOrdering: string; howToPack: string };
  };
  return {
    returnOrdering: shell.links.returnOrdering,
    howToPack: shell.links.howToPack,
    home: shell.brand.homeUrl,
  };
}

/** A fresh mailbox per test, so the inbox of a reused carrier database never mixes runs. */
export function uniqueEmail(): string {
  return `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsWith = (text: string) => new RegExp(`^${escapeRegExp(text)}`);

/** The form's controls, by role and accessible name. */
export function formOf(page: Page, t: Texts) {
  return {
    recipient: page.getByRole('region', { name: t.recipient }),
    labelPrint: page.getByRole('radio', { name: startsWith(t.labelPrint) }),
    labelQr: page.getByRole('radio', { name: startsWith(t.labelQr) }),
    pickup: page.getByRole('radio', { name: startsWith(t.handoverPickup) }),
    driver: page.getByRole('radio', { name: startsWith(t.handoverDriver) }),
    name: page.getByRole('textbox', { name: t.name, exact: true }),
    street: page.getByRole('combobox', { name: t.street, exact: true }),
    zipCode: page.getByRole('combobox', { name: t.zipCode, exact: true }),
    city: page.getByRole('combobox', { name: t.city, exact: true }),
    email: page.getByRole('textbox', { name: t.email, exact: true }),
    termsPersons: page.getByRole('checkbox', { name: t.termsPersons }),
    termsCompanies: page.getByRole('checkbox', { name: t.termsCompanies }),
    submit: page.getByRole('button', { name: t.submit, exact: true }),
  };
}

/** The success screen's parts, by role and accessible name. */
export function successOf(page: Page, t: Texts) {
  const s = t.success;
  return {
    heading: page.getByRole('heading', { level: 2, name: s.title }),
    description: page.getByText(s.description, { exact: true }),
    info: page.getByRole('note'),
    /** The download button while the label is prepared: disabled, under its usual name. */
    preparing: page.getByRole('button', {
      name: new RegExp(`^(${escapeRegExp(s.downloadLabel)}|${escapeRegExp(s.downloadQr)})$`),
      disabled: true,
    }),
    downloadLabel: page.getByRole('button', { name: s.downloadLabel, exact: true }),
    downloadQr: page.getByRole('button', { name: s.downloadQr, exact: true }),
    returnOrdering: page.getByRole('link', { name: `${s.returnOrdering} ${s.newTab}`, exact: true }),
    howToPack: page.getByRole('link', { name: s.howToPack, exact: true }),
    tips: page.getByRole('region', { name: s.tipsTitle }),
    qrPanel: page.getByRole('region', { name: s.qrTitle }),
    qrImage: page.getByRole('img', { name: s.qrAlt, exact: true }),
    emailed: page.getByText(s.emailed, { exact: true }),
    emailedQr: page.getByText(s.emailedQr, { exact: true }),
    another: page.getByRole('button', { name: s.another, exact: true }),
    home: page.getByRole('link', { name: s.home, exact: true }),
  };
}

export { formUrl, hydratedForm, islandRecipient, openForm, reachForForm } from './formHelpers.ts';

/** The accepted return the page keeps in its URL, read as the island reads it (src/lib/acceptedReturn.ts). */
export const acceptedReturnOf = (page: Page) => acceptedOf(new URL(page.url()));

export interface Sender {
  name: string;
  email: string;
  labelType: 'label' | 'qr';
  handover: 'pickupPoint' | 'driver';
}

/** Fills the form as a sender would: the choices (confirming the paid driver pickup), the contact data and both terms. */
export async function fillForm(page: Page, t: Texts, sender: Sender): Promise<void> {
  const f = formOf(page, t);
  await (sender.labelType === 'label' ? f.labelPrint : f.labelQr).check();
  if (sender.handover === 'driver') {
    await f.driver.click();
    const dialog = page.getByRole('dialog', { name: t.paidTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(t.paidText);
    await dialog.getByRole('button', { name: t.paidConfirm, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(f.driver).toBeChecked();
  } else {
    await f.pickup.check();
  }
  await fillContact(page, t, sender);
}

/** The contact data and both terms, typed in whole (no suggestion taken): all a form without scripts gets. */
export async function fillContact(
  page: Page,
  t: Texts,
  sender: { name: string; email: string },
): Promise<void> {
  const f = formOf(page, t);
  await f.name.fill(sender.name);
  await f.street.fill('Kumberská 12/1');
  await f.zipCode.fill('31800');
  await f.city.fill('Plzeň');
  await f.email.fill(sender.email);
  await f.termsPersons.check();
  await f.termsCompanies.check();
}

/** Waits for a browser download started by `click` and returns its name and bytes. */
export async function download(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const started = page.waitForEvent('download');
  await button.click();
  const file: Download = await started;
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

/** The text of a PDF's first page, as a viewer shows it. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const { readPdf } = await import('../unit/carrier/_pdfReader.ts');
  return (await readPdf(bytes)).text;
}

/** Decodes the QR code the page shows in `image`, as a phone camera at the counter would. */
export async function scanQr(image: Locator): Promise<string | undefined> {
  const side = 240;
  // The page draws the image and hands back one character per pixel: '1' dark, '0' light.
  const dark = await image.evaluate(async (element, size) => {
    const img = element as HTMLImageElement;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) return '';
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size, size);
    context.drawImage(img, 0, 0, size, size);
    const { data } = context.getImageData(0, 0, size, size);
    let bits = '';
    for (let at = 0; at < data.length; at += 4) bits += (data[at] ?? 255) < 128 ? '1' : '0';
    return bits;
  }, side);
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let i = 0; i < dark.length; i++) if (dark[i] === '1') pixels.fill(0, i * 4, i * 4 + 3);
  return jsQR(pixels, side, side)?.data;
}

/**
 * The embedded carrier's mail catcher, read from its own store: the SQLite file the
 * Playwright config gives the e2e server (one per port), opened read-only.
 */
export class Inbox {
  private readonly db: DatabaseSync;

  constructor(baseURL: string) {
    const port = new URL(baseURL).port;
    this.db = new DatabaseSync(join(tmpdir(), `returns-e2e-${port}.sqlite`), { readOnly: true });
  }

  /** The mails to `to`, oldest first, with bodies. */
  mailsTo(to: string): CaughtMail[] {
    return listCaughtMails(this.db, { to })
      .map((summary) => getCaughtMail(this.db, summary.id))
      .filter((mail): mail is CaughtMail => mail !== undefined)
      .reverse();
  }

  /** Waits until `count` mails to `to` have arrived and returns all of them. */
  async waitForMails(to: string, count = 1, timeout = 15_000): Promise<CaughtMail[]> {
    await expect
      .poll(() => this.mailsTo(to).length, { timeout, message: `mails to ${to}` })
      .toBeGreaterThanOrEqual(count);
    return this.mailsTo(to);
  }

  attachment(mailId: number, index: number): Buffer | undefined {
    return getCaughtAttachment(this.db, mailId, index)?.content;
  }

  close(): void {
    this.db.close();
  }
}

/** The external pages the screen links to are answered by the test, so a new tab can really open. */
async function stubCarrierSite(page: Page): Promise<void> {
  await page
    .context()
    .route('https://www.parcelo.example/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Parcelo</title>' }),
    );
}

/**
 * The strict fixture of fixtures.ts, applied to every page of the test's context (new tabs
 * too): any console error or uncaught page error fails the test, unless it matches
 * `allowedConsoleErrors`, which a test that causes a failure on purpose declares with
 * `test.use` (one pattern: Playwright would read an array option as a [value, options] pair).
 * The errors seen are handed to the test as `consoleErrors`.
 */
export const test = base.extend<{
  allowedConsoleErrors: RegExp;
  consoleErrors: string[];
  inbox: Inbox;
}>({
  allowedConsoleErrors: [/(?!)/, { option: true }],
  consoleErrors: [
    async ({ context, page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      context.on('weberror', (error) => errors.push(`pageerror: ${error.error().message}`));
      await stubCarrierSite(page);
      await use(errors);
      expect(errors.filter((e) => !allowedConsoleErrors.test(e))).toEqual([]);
    },
    { auto: true },
  ],
  inbox: async ({ baseURL }, use) => {
    const inbox = new Inbox(baseURL ?? '');
    await use(inbox);
    inbox.close();
  },
});

/**
 * What a failed status poll may log, and nothing else: the browser's resource error for an
 * answer with `status` (not for a 200) and the island's structured log of the call (spec §8).
 */
export function statusFailureLogs(code: 'apiException' | 'unknownError', status: number): RegExp {
  const resource = `Failed to load resource: the server responded with a status of ${status}\\b.*`;
  const structured = `\\{code: ${code}, call: status, status: ${status}\\}`;
  return new RegExp(status === 200 ? `^${structured}$` : `^(${resource}|${structured})$`);
}

export { expect };
