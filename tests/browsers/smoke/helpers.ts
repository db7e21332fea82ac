import type { Locale } from '../../e2e/senderTexts.ts';
import { formUrl } from '../../e2e/formPage.ts';
import type { Tab } from '../engines/tab.ts';
import { until } from '../fixtures.ts';

export { formUrl, tokens } from '../../e2e/formPage.ts';
export { texts, locales, type Locale } from '../../e2e/senderTexts.ts';

/** Opens a return link's form, reaches for it (a mouse over it) and waits until its island has taken over. */
export async function openForm(tab: Tab, locale: Locale, token: string): Promise<void> {
  await tab.goto(formUrl(locale, token));
  await tab.evaluate(() =>
    document
      .querySelector('astro-island')
      ?.dispatchEvent(new PointerEvent('pointerover', { pointerType: 'mouse', bubbles: true })),
  );
  await until(tab, 'the form island', () =>
    Boolean(document.querySelector('form.return-form[data-island="ready"]')),
  );
}

/** The visible text of the first element matching `selector`, trimmed ('' when none). */
export function textOf(tab: Tab, selector: string): Promise<string> {
  return tab.evaluate((s) => document.querySelector<HTMLElement>(s)?.innerText.trim() ?? '', selector);
}

/** Whether the element is rendered with a size (not hidden, not display: none). */
export function isShown(tab: Tab, selector: string): Promise<boolean> {
  return tab.evaluate((s) => {
    const element = document.querySelector(s);
    if (!element) return false;
    // checkVisibility also sees what a closed <details> hides (content-visibility: hidden).
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && element.checkVisibility({ visibilityProperty: true });
  }, selector);
}

/** Waits for an element to show `text` (exactly, after trimming). */
export function untilText(tab: Tab, selector: string, text: string): Promise<boolean> {
  return until(
    tab,
    `"${text}" in ${selector}`,
    (s, t) => document.querySelector<HTMLElement>(s)?.innerText.trim() === t,
    selector,
    text,
  );
}

/** A valid sender typed into the form, with both terms accepted. */
export async function fillSender(tab: Tab, name: string): Promise<void> {
  await tab.type('#name', name);
  await tab.type('#street', 'Kumberská 12/1');
  await tab.type('#zipCode', '31800');
  await tab.type('#city', 'Plzeň');
  await tab.type('#email', `smoke-${Date.now()}@example.com`);
  await tab.click('#termsAccepted');
  await tab.click('#termsAcceptedBussiness');
}

/**
 * Clicks a button that saves a file and returns the file as the page hands it to the browser:
 * its name and bytes. The page saves a blob through a link with `download`; the test keeps
 * that blob and that name instead of reading the browser's download folder, which WebDriver
 * cannot reach (and the page's CSP rightly forbids fetching the blob: URL).
 */
export async function downloadFrom(tab: Tab, selector: string): Promise<{ name: string; bytes: Buffer }> {
  await tab.evaluate(() => {
    const w = window as unknown as { saved?: Promise<{ name: string; blob: Blob }> };
    let blob = new Blob();
    const createObjectURL = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      if (object instanceof Blob) blob = object;
      return createObjectURL(object);
    };
    w.saved = new Promise((resolve) => {
      // Kept to be put back, and called on its own element with `.call(this)`.
      // eslint-disable-next-line @typescript-eslint/unbound-method
      const click = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        if (!this.download) {
          click.call(this);
          return;
        }
        HTMLAnchorElement.prototype.click = click;
        resolve({ name: this.download, blob });
      };
    });
  });
  await tab.click(selector);
  const file = await tab.evaluate(async () => {
    const saved = await (window as unknown as { saved: Promise<{ name: string; blob: Blob }> }).saved;
    const bytes = new Uint8Array(await saved.blob.arrayBuffer());
    let binary = '';
    for (let at = 0; at < bytes.length; at += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    }
    return { name: saved.name, base64: btoa(binary) };
  });
  return { name: file.name, bytes: Buffer.from(file.base64, 'base64') };
}

/**
 * The file behind a plain download link: its address read from the page and fetched from
 * here, as a GET with nothing of the browser's (the link is signed, see decision 015). The
 * engines' download folders are out of the driver's reach, and a page whose scripts are off
 * cannot fetch it either: Firefox runs no promise callback there.
 */
export async function downloadLink(tab: Tab, selector: string): Promise<{ name: string; bytes: Buffer }> {
  const href = await tab.evaluate((s) => (document.querySelector(s) as HTMLAnchorElement).href, selector);
  const response = await fetch(href);
  const disposition = response.headers.get('content-disposition') ?? '';
  return {
    name: /filename="([^"]+)"/.exec(disposition)?.[1] ?? '',
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}
