import { expect, test as base } from '@playwright/test';
import { launchFirefox } from './engines/firefox.ts';
import type { Engine, EngineBrowser, Tab } from './engines/tab.ts';
import { launchWebKit } from './engines/webkit.ts';

/**
 * The smoke tests' fixtures: the project names the engine, each worker starts that browser
 * once, each test gets a fresh tab, and any console or page error in it fails the test.
 */
export const test = base.extend<{ tab: Tab }, { engine: Engine; engineBrowser: EngineBrowser }>({
  engine: ['firefox', { option: true, scope: 'worker' }],
  engineBrowser: [
    async ({ engine }, use, workerInfo) => {
      const baseURL = String(workerInfo.project.use.baseURL);
      const browser = engine === 'firefox' ? await launchFirefox(baseURL) : await launchWebKit(baseURL);
      await use(browser);
      await browser.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  tab: async ({ engineBrowser }, use) => {
    const tab = await engineBrowser.newTab();
    await use(tab);
    const errors = await tab.errors();
    await tab.close();
    expect(errors).toEqual([]);
  },
});

/** Polls `fn` in the page until it returns a truthy value, and returns it. */
export async function until<A extends unknown[], R>(
  tab: Tab,
  what: string,
  fn: (...args: A) => R | Promise<R>,
  ...args: A
): Promise<R> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    // A page that is being left may refuse the script; the next try reaches the new one.
    const value = await tab.evaluate(fn, ...args).catch((error: unknown) => ({ failed: error }));
    if (value && !(typeof value === 'object' && 'failed' in value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`, { cause: value });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export { expect };
