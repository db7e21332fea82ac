import { defineConfig } from '@playwright/test';
import e2e from './playwright.config.ts';
import type { Engine } from './tests/browsers/engines/tab.ts';

// Every request of Firefox and WebKit comes from 127.0.0.1: classic WebDriver cannot give a tab
// an X-Forwarded-For of its own, as the Chromium tests do. The creation limits per return link
// would count every smoke test's returns as one sender's, so this suite's site server allows more.
const [site, ...otherServers] = [e2e.webServer ?? []].flat();
const loopbackLimits = { RATE_LIMIT_CREATE_PER_LINK: '100/600', RATE_LIMIT_NO_SCRIPT_PER_LINK: '100/600' };
// No test here reads the metrics, so they take a free port.
const metrics = { METRICS_PORT: '0' };

/**
 * The cross-engine smoke suite: the same site server as the Chromium suite, with Firefox ESR
 * (over WebDriver BiDi) and WebKitGTK (over WebDriver) driven by tests/browsers/engines, and
 * the Nu Html Checker over every page and state, gathered in Chromium.
 */
export default defineConfig<object, { engine: Engine }>({
  ...e2e,
  testDir: 'tests/browsers',
  fullyParallel: false,
  workers: 2,
  timeout: 90_000,
  webServer: site
    ? [{ ...site, env: { ...site.env, ...loopbackLimits, ...metrics } }, ...otherServers]
    : otherServers,
  projects: [
    { name: 'markup', testMatch: 'markup.spec.ts', use: { ...e2e.use } },
    {
      name: 'firefox',
      testMatch: ['smoke/*.spec.ts', 'firefox/*.spec.ts'],
      use: { ...e2e.use, engine: 'firefox' },
    },
    { name: 'webkit', testMatch: 'smoke/*.spec.ts', use: { ...e2e.use, engine: 'webkit' } },
  ],
});
