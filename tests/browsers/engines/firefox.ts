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

/**
 * A real click at the middle of the element, scrolled into view first if it is not. The pointer
 * moves there until the element is under it: right after a scroll, Firefox can still hit-test
 * where things were until the page is painted again. Puppeteer's own click waits for that paint
 * with an IntersectionObserver, whose callback never runs in a page with scripts off.
 */
async function clickOn(page: Page, selector: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const point = await page.evaluate((s) => {
      const element = document.querySelector(s);
      if (!element) return undefined;
      const { top, bottom, left, right } = element.getBoundingClientRect();
      if (top < 0 || left < 0 || bottom > innerHeight || right > innerWidth) {
        element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      }
      const box = element.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    }, selector);
    if (!point) throw new Error(`No element matches ${selector}`);
    await page.mouse.move(point.x, point.y);
    if (await page.evaluate((s) => document.querySelector(s)?.matches(':hover'), selector)) break;
    if (Date.now() > deadline) throw new Error(`${selector} never came under the pointer`);
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
    evaluate: (fn, ...args) => page.evaluate(fn as never, ...args) as never,
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
