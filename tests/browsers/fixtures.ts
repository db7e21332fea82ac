import { expect, test as base, type WorkerInfo } from '@playwright/test';
import { launchFirefox } from './engines/firefox.ts';
import type { Engine, EngineBrowser, Tab } from './engines/tab.ts';
import { launchWebKit } from './engines/webkit.ts';

/** Starts the engine, with the page's own scripts on or off; the test's scripts run either way. */
function launch(engine: Engine, baseURL: string, scripts: boolean): Promise<EngineBrowser> {
  if (engine === 'webkit') return launchWebKit(baseURL, { scripts });
  // Firefox runs no script of any page; Puppeteer's scripts run apart from the page's own.
  return launchFirefox(baseURL, scripts ? {} : { 'javascript.enabled': false });
}

type StartBrowser = (
  args: { engine: Engine },
  use: (browser: EngineBrowser) => Promise<void>,
  workerInfo: WorkerInfo,
) => Promise<void>;

/** A browser for the whole worker, started the first time a test asks for it. */
function browserFixture(scripts: boolean): [StartBrowser, { scope: 'worker'; timeout: number }] {
  const start: StartBrowser = async ({ engine }, use, workerInfo) => {
    const browser = await launch(engine, String(workerInfo.project.use.baseURL), scripts);
    await use(browser);
    await browser.close();
  };
  return [start, { scope: 'worker', timeout: 120_000 }];
}

/** A fresh tab for the test; any console or page error in it fails the test. */
async function tabFixture(browser: EngineBrowser, use: (tab: Tab) => Promise<void>): Promise<void> {
  const tab = await browser.newTab();
  await use(tab);
  const errors = await tab.errors();
  await tab.close();
  expect(errors).toEqual([]);
}

/**
 * The smoke tests' fixtures: the project names the engine, each worker starts that browser
 * once, and each test gets a fresh tab in it. `plainTab` is a tab of a second browser of the
 * same engine in which the page's scripts are off, as for a sender whose browser runs none. A
 * script the test runs in it must be synchronous: Firefox then runs no promise callback.
 */
export const test = base.extend<
  { tab: Tab; plainTab: Tab },
  { engine: Engine; engineBrowser: EngineBrowser; plainBrowser: EngineBrowser }
>({
  engine: ['firefox', { option: true, scope: 'worker' }],
  engineBrowser: browserFixture(true),
  plainBrowser: browserFixture(false),
  tab: ({ engineBrowser }, use) => tabFixture(engineBrowser, use),
  plainTab: ({ plainBrowser }, use) => tabFixture(plainBrowser, use),
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
