import { defineConfig } from '@playwright/test';
import e2e from './playwright.config.ts';
import type { Engine } from './tests/browsers/engines/tab.ts';

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
