/**
 * The browser for end-to-end tests and benchmarks: Debian's Chromium (a browser that a tool
 * would download cannot be fetched here), with the flags that keep it off the closed network.
 */
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
