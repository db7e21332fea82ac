import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

/**
 * Zero violations of WCAG 2.2 A and AA in the page as it is now. The site's pages hold no frames,
 * so axe runs in the page itself (legacy mode): its default mode, made for frames of other origins,
 * finishes every run in a new blank page, which cost 0.5 to 1 s of each check's 1 to 2.5 s (on
 * the not-found page and the form, on a 2-core machine). A page with a frame would need that mode
 * back: the check fails on one.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await page.locator('iframe, frame').count(), 'a page with a frame needs axe’s default mode').toBe(0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

/**
 * A client address of its own and the headers that name it to the site: the Node server of the
 * tests trusts X-Forwarded-For; at the edge the client is CF-Connecting-IP, which Cloudflare sets
 * and the local runtime passes on.
 */
export function clientOfItsOwn(): { address: string; headers: Record<string, string> } {
  const [a = 0, b = 0] = crypto.getRandomValues(new Uint8Array(2));
  const address = `198.18.${a}.${(b % 254) + 1}`;
  return { address, headers: { 'X-Forwarded-For': address, 'CF-Connecting-IP': address } };
}

/** Every test records the scripts a page requests and fails on a console error. */
export const test = base.extend<{ scripts: string[]; clientAddress: string }>({
  // Every test is its own client for the site's rate limits.
  clientAddress: [
    async ({ page }, use) => {
      const { headers, address } = clientOfItsOwn();
      await page.setExtraHTTPHeaders(headers);
      await use(address);
    },
    { auto: true },
  ],
  scripts: async ({ page }, use) => {
    const scripts: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    page.on('console', (message) => {
      // A page served with status 404 on purpose is not an error of the page.
      const isDocument404 = message.text().includes('status of 404') && message.location().url === page.url();
      if (message.type() === 'error' && !isDocument404) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(scripts);
    expect(errors).toEqual([]);
  },
});

export { expect };
