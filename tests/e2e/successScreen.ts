import { readFileSync } from 'node:fs';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { escapeRegExp, shell, type Locale, type Texts } from './senderTexts.ts';

/**
 * A label is ready within two polls (every 5000 ms; the e2e carrier makes it at once, unless the
 * test holds it: returnLinks.ts), a failing import is seen at the second poll: 12 s leaves room
 * on a busy machine.
 */
export const readyTimeout = 12_000;

/** The carrier's pages the success screen links to, from the site's content (src/content/shell). */
export function shellLinks(locale: Locale): { returnOrdering: string; howToPack: string; home: string } {
  const { links, brand } = shell(locale);
  return { returnOrdering: links.returnOrdering, howToPack: links.howToPack, home: brand.homeUrl };
}

const downloadControl = (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true }).or(page.getByRole('link', { name, exact: true }));

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
    /** A button once the page's polling found the label, a link when the page came with it. */
    downloadLabel: downloadControl(page, s.downloadLabel),
    downloadQr: downloadControl(page, s.downloadQr),
    /** While the label is prepared and before the page's script polls: the page again. */
    checkAgain: page.getByRole('link', { name: s.checkAgain, exact: true }),
    returnOrdering: page.getByRole('link', { name: `${s.returnOrdering} ${s.newTab}`, exact: true }),
    howToPack: page.getByRole('link', { name: s.howToPack, exact: true }),
    tips: page.getByRole('region', { name: s.tipsTitle }),
    qrPanel: page.getByRole('region', { name: s.qrTitle }),
    qrImage: page.getByRole('img', { name: s.qrAlt, exact: true }),
    emailed: page.getByText(s.emailed, { exact: true }),
    emailedQr: page.getByText(s.emailedQr, { exact: true }),
    another: page.getByRole('link', { name: s.another, exact: true }),
    home: page.getByRole('link', { name: s.home, exact: true }),
  };
}

/**
 * Without the page's script the sent page does not poll: the sender presses 'check again' until
 * `done` shows (the label's link, or the error page of a failed return).
 */
export async function checkAgainUntil(page: Page, t: Texts, done: Locator): Promise<void> {
  const { checkAgain } = successOf(page, t);
  await expect(async () => {
    if (await checkAgain.isVisible()) await checkAgain.click();
    await expect(done).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: readyTimeout, intervals: [500, 1_000] });
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
