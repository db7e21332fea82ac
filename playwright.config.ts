import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium.config.ts';
import { editorServerEnv } from './tests/e2e/editorEnv.ts';
import { e2eSecrets } from './tests/e2e/secrets.ts';
import { carrierDbPath, metricsPort, nginxPort, nginxUrl, nodePort as port } from './tests/hosting/ports.ts';

const chromium = { executablePath: chromiumPath, args: chromiumArgs };
// nginx's own folder: configuration, pid, logs and temporary files (see tests/hosting/nginxConfig.ts).
const nginxDir = join(tmpdir(), `returns-nginx-${nginxPort}`);

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
      // The static CDN plus endpoint deployment: Debian's nginx with deploy/nginx.conf serving
      // dist/client and proxying to the Node server; the shell tests run through it too.
      name: 'hosting',
      testDir: 'tests',
      testMatch: /\/(hosting\/[^/]+|e2e\/shell)\.spec\.ts$/,
      use: { baseURL: nginxUrl, viewport: { width: 1280, height: 800 }, launchOptions: chromium },
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
        CARRIER_PORT: '0',
        CARRIER_SMTP_PORT: '0',
        CARRIER_DB_PATH: carrierDbPath,
        CARRIER_PROCESSING_DELAY_MS: '300',
        // Each test comes from its own address (see fixtures.ts), so the per-client limits apply per test.
        TRUST_PROXY: 'true',
        ...e2eSecrets,
        // The build has the editor in (npm run test:e2e); tests/e2e/editor.spec.ts drives it.
        ...editorServerEnv,
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `node tests/hosting/nginxConfig.ts ${nginxDir} ${nginxPort} ${port} && PATH="$PATH:/usr/sbin" exec nginx -p ${nginxDir}/ -c nginx.conf -e ${nginxDir}/error.log -g "daemon off;"`,
      url: `${nginxUrl}/returns/page-not-found`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
  ],
});
