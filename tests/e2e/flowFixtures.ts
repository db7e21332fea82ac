import { expect, type Page } from '@playwright/test';
import { test as base } from './fixtures.ts';
import { Inbox } from './inbox.ts';
import { escapeRegExp } from './senderTexts.ts';

/** The external pages the screen links to are answered by the test, so a new tab can really open. */
async function stubCarrierSite(page: Page): Promise<void> {
  await page
    .context()
    .route('https://www.parcelo.example/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Parcelo</title>' }),
    );
}

/**
 * The strict fixture of fixtures.ts, applied to every page of the test's context (new tabs
 * too): any console error or uncaught page error fails the test, unless it matches
 * `allowedConsoleErrors`, which a test that causes a failure on purpose declares with
 * `test.use` (one pattern: Playwright would read an array option as a [value, options] pair).
 * The errors seen are handed to the test as `consoleErrors`.
 */
export const test = base.extend<{
  allowedConsoleErrors: RegExp;
  consoleErrors: string[];
  inbox: Inbox;
}>({
  allowedConsoleErrors: [/(?!)/, { option: true }],
  consoleErrors: [
    async ({ context, page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      context.on('weberror', (error) => errors.push(`pageerror: ${error.error().message}`));
      await stubCarrierSite(page);
      await use(errors);
      expect(errors.filter((e) => !allowedConsoleErrors.test(e))).toEqual([]);
    },
    { auto: true },
  ],
  inbox: async ({}, use) => {
    const inbox = new Inbox();
    await use(inbox);
    inbox.close();
  },
});

/**
 * What a failed call of the island may log, and nothing else: the browser's resource error for
 * an answer with `status` (not for a 200) and the island's structured log of the call (spec §8).
 */
export function apiFailureLogs(call: string, status: number, code = 'apiException'): RegExp {
  const resource = `Failed to load resource: the server responded with a status of ${status}\\b.*`;
  const structured = `\\{code: ${escapeRegExp(code)}, call: ${escapeRegExp(call)}, status: ${status}\\}`;
  return new RegExp(status === 200 ? `^${structured}$` : `^(${resource}|${structured})$`);
}

/** What a failed status poll may log (see `apiFailureLogs`). */
export const statusFailureLogs = (code: 'apiException' | 'unknownError', status: number): RegExp =>
  apiFailureLogs('status', status, code);

export { expect };
