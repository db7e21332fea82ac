/**
 * The browsers the tests and the benchmarks drive, Debian's (a browser that a tool would download
 * cannot be fetched here), with the flags that keep them off the closed network.
 *
 * - The tests drive Chromium's headless shell (Debian's `chromium-headless-shell`), what Playwright
 *   itself runs headless Chromium tests in: the same engine without the browser around it, which
 *   opens a page in about a third of the time and ran the suite in three fifths of it (decision 045).
 * - The benchmarks drive the whole browser (`chromium`): Lighthouse and the figures of first paint
 *   and input delay are a sender's browser, in Chrome's own headless mode.
 *
 * `CHROMIUM_PATH` names one Chromium for both.
 */
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const testChromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium-headless-shell';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
