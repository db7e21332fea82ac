import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures.ts';

/**
 * Zero axe violations in a page shown without scripts. axe itself is a script, so the page's
 * markup as the browser holds it (scripts left out, as they never ran) is audited in a second,
 * scripted tab at the same address and viewport.
 */
export async function expectNoAxeViolationsWithoutScripts(page: Page, browser: Browser): Promise<void> {
  const html = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    await copy.route(page.url(), (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
    );
    await copy.goto(page.url());
    await expectNoAxeViolations(copy);
  } finally {
    await context.close();
  }
}
