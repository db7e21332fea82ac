import puppeteer, { type Page } from 'puppeteer-core';
import type { EngineBrowser, Key, Tab } from './tab.ts';

export const firefoxPath = process.env['FIREFOX_PATH'] ?? '/usr/bin/firefox-esr';

/**
 * Debian's Firefox ESR through Puppeteer over WebDriver BiDi (no geckodriver, no download).
 * Classic scrollbars, as on Windows and in a GTK desktop without overlay scrollbars, so that
 * layouts are tested with the 15 px a scrollbar takes.
 */
export async function launchFirefox(
  baseURL: string,
  prefs: Record<string, unknown> = {},
): Promise<EngineBrowser> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: firefoxPath,
    headless: true,
    extraPrefsFirefox: {
      'widget.gtk.overlay-scrollbars.enabled': false,
      // Form history would open Firefox's own list over the address suggestions and take the keys.
      'browser.formfill.enable': false,
      ...prefs,
    },
  });
  return {
    async newTab() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const tab = puppeteerTab(page, baseURL);
      return { ...tab, close: () => context.close() };
    },
    close: () => browser.close(),
  };
}

/** Waits until the page has kept its scroll position for 100 ms. */
async function scrollSettled(page: Page): Promise<void> {
  let last = '';
  let since = Date.now();
  while (Date.now() - since < 100) {
    const now = await page.evaluate(() => `${scrollX},${scrollY}`);
    if (now !== last) [last, since] = [now, Date.now()];
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A real click at the middle of the element, scrolled into view first if it is not. Firefox
 * brings a field just typed in back into view at its next paint, which can undo that scroll:
 * the pointer is aimed once the page holds still with the element in view, and again until
 * the element is under it. (Puppeteer's own click waits for the paint with an
 * IntersectionObserver, whose callback never runs in a page with scripts off.)
 */
async function clickOn(page: Page, selector: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${selector} never came under the pointer`);
    const point = await page.evaluate((s) => {
      const element = document.querySelector(s);
      if (!element) return 'missing';
      const box = element.getBoundingClientRect();
      if (box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth) {
        return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      }
      element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      return 'scrolled';
    }, selector);
    if (point === 'missing') throw new Error(`No element matches ${selector}`);
    if (point === 'scrolled') {
      await scrollSettled(page);
      continue;
    }
    // The page may have scrolled since: the move then fails or misses, and the element is aimed at again.
    const moved = await page.mouse.move(point.x, point.y).then(
      () => true,
      () => false,
    );
    if (moved && (await page.evaluate((s) => document.querySelector(s)?.matches(':hover'), selector))) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await page.mouse.down();
  await page.mouse.up();
}

function puppeteerTab(page: Page, baseURL: string): Tab {
  // A logged object reaches us as a handle: its JSON value says what the page logged.
  const errors: Promise<string>[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const values = message.args().map((arg) => arg.jsonValue().catch(() => arg.toString()));
    const text = Promise.all(values).then((all) =>
      all.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join(' '),
    );
    errors.push(text.catch(() => message.text()));
  });
  page.on('pageerror', (error) => errors.push(Promise.resolve(`pageerror: ${String(error)}`)));
  return {
    engine: 'firefox',
    async goto(path) {
      await page.goto(new URL(path, baseURL).href, { waitUntil: 'load' });
    },
    evaluate: (fn, ...args) => page.evaluate(fn as never, ...args),
    click: (selector) => clickOn(page, selector),
    async type(selector, text) {
      await clickOn(page, selector);
      await page.keyboard.type(text);
    },
    press: (key: Key) => page.keyboard.press(key),
    resize: (width, height) => page.setViewport({ width, height }),
    errors: () => Promise.all(errors),
    close: () => page.close(),
  };
}
