import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, testChromiumPath } from './chromium.config.ts';
import { editorServerEnv } from './tests/e2e/editorEnv.ts';
import { e2eSecrets } from './tests/e2e/secrets.ts';
import {
  carrierDbPath,
  carrierPort,
  edgePort,
  edgeUrl,
  metricsPort,
  nodePort as port,
} from './tests/hosting/ports.ts';

const chromium = { executablePath: testChromiumPath, args: chromiumArgs };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  reporter: process.env['CI'] ? 'line' : 'list',
  use: { baseURL: `http://127.0.0.1:${port}`, launchOptions: chromium, trace: 'off' },
  // Tests tagged @phone run only at the phone width, @desktop only at the desktop width.
  projects: [
    {
      name: 'phone',
      grepInvert: /@desktop/,
      use: { ...devices['Pixel 7'], viewport: { width: 375, height: 812 }, launchOptions: chromium },
    },
    {
      name: 'desktop',
      grepInvert: /@phone/,
      // Flows whose pages do not change with the width run once, at the phone's (the hosting
      // project goes through a no-script flow at the desktop's): CI stays within its time.
      testIgnore: ['noScript.spec.ts', 'downloads.spec.ts'],
      use: { viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      // What the site answers before and around its pages (headers, routes, refusals, limits,
      // the route cache) and one whole flow each way: the suites every target must pass.
      name: 'hosting',
      testDir: 'tests/hosting',
      use: { viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      // The edge target (@astrojs/cloudflare in workerd, dist-edge/): the hosting tests, and
      // one return per idempotency key when the network lost the first answer.
      name: 'edge',
      testDir: 'tests',
      testMatch: /\/(hosting\/[^/]+|e2e\/idempotency)\.spec\.ts$/,
      // The bytes on the wire are the Node server's: at the edge, Cloudflare compresses.
      testIgnore: ['firstFlight.spec.ts'],
      use: { baseURL: edgeUrl, viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
  ],
  webServer: [
    {
      command: 'node scripts/start.ts',
      url: `http://127.0.0.1:${port}/returns/page-not-found`,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        // Fixed, so that tests/e2e/metrics.spec.ts can read it.
        METRICS_PORT: String(metricsPort),
        // Fixed, so that the edge target's server calls the same carrier.
        CARRIER_PORT: String(carrierPort),
        CARRIER_SMTP_PORT: '0',
        CARRIER_DB_PATH: carrierDbPath,
        // A label is made at once: a test that shows the page while it is prepared holds its
        // link's returns at the carrier (tests/e2e/returnLinks.ts), for as long as it needs.
        CARRIER_PROCESSING_DELAY_MS: '0',
        // Each test comes from its own address (see fixtures.ts), so the per-client limits apply per test.
        TRUST_PROXY: 'true',
        ...e2eSecrets,
        // The build has the editor in (npm run test:e2e); tests/e2e/editor.spec.ts drives it.
        ...editorServerEnv,
      },
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      // The edge build in workerd (npm run test:e2e builds it), with the Node server's carrier, and
      // configured as in production: no proxy is trusted, the client is Cloudflare's CF-Connecting-IP.
      command: 'node scripts/start.ts --edge',
      url: `${edgeUrl}/healthz`,
      env: {
        PORT: String(edgePort),
        HOST: '127.0.0.1',
        CARRIER_API_URL: `http://127.0.0.1:${carrierPort}`,
        ...e2eSecrets,
      },
      reuseExistingServer: false,
      timeout: 90_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
  ],
});
