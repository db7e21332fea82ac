import { spawn, type ChildProcess } from 'node:child_process';
import type { EngineBrowser } from './tab.ts';
import { webDriverTab } from './webdriver.ts';
import { freePort } from '@parcel-returns/listen';

/** Starts Xvfb on a display it picks itself and returns that display's name. */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '2560x1600x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  const display = await new Promise<string>((resolve, reject) => {
    xvfb.stdio[3]?.on('data', (chunk: Buffer) => resolve(`:${chunk.toString().trim()}`));
    xvfb.on('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)));
  });
  return { display, process: xvfb };
}

/** Waits until the driver answers its status call. */
async function ready(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const answer = await fetch(`${url}/status`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not answer at ${url}`);
}

/**
 * Debian's WebKitGTK (its MiniBrowser) through WebKitWebDriver, on a virtual display: WebKitGTK
 * has no headless mode. With `scripts: false` the page's own scripts never run (MiniBrowser's
 * `--enable-javascript-markup=false`, WebKitSettings' switch for scripts in the document),
 * while the driver's scripts still do.
 */
export async function launchWebKit(baseURL: string, { scripts = true } = {}): Promise<EngineBrowser> {
  const xvfb = await startXvfb();
  const port = await freePort();
  const driver = spawn('WebKitWebDriver', [`--port=${port}`], {
    env: { ...process.env, DISPLAY: xvfb.display },
    stdio: 'ignore',
  });
  const driverUrl = `http://127.0.0.1:${port}`;
  const stop = () => {
    driver.kill();
    xvfb.process.kill();
  };
  try {
    await ready(driverUrl);
  } catch (error) {
    stop();
    throw error;
  }
  // One session (one MiniBrowser) for the worker: starting one takes seconds. Each test's tab
  // starts from the site with empty storage, as a new tab would.
  // Browser options replace the driver's own command line for MiniBrowser, which is just --automation.
  const capabilities = scripts
    ? {}
    : { 'webkitgtk:browserOptions': { args: ['--automation', '--enable-javascript-markup=false'] } };
  let session: string;
  try {
    const response = await fetch(`${driverUrl}/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ capabilities: { alwaysMatch: capabilities } }),
    });
    const { value } = (await response.json()) as { value: { sessionId?: string } };
    if (!value.sessionId) throw new Error(`WebKitWebDriver: ${JSON.stringify(value)}`);
    session = value.sessionId;
  } catch (error) {
    stop();
    throw error;
  }
  return {
    async newTab() {
      const tab = webDriverTab(driverUrl, session, baseURL);
      await tab.goto('/returns/error');
      await tab.evaluate(() => {
        sessionStorage.clear();
        localStorage.clear();
      });
      return { ...tab, close: async () => {} };
    },
    async close() {
      await fetch(`${driverUrl}/session/${session}`, { method: 'DELETE' }).catch(() => {});
      stop();
    },
  };
}
