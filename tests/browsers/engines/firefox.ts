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
    click: (selector) => page.click(selector),
    async type(selector, text) {
      await page.click(selector);
      await page.keyboard.type(text);
    },
    press: (key: Key) => page.keyboard.press(key),
    resize: (width, height) => page.setViewport({ width, height }),
    errors: () => Promise.all(errors),
    close: () => page.close(),
  };
}
