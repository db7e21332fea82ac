import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isFormRequest } from '../../src/server/middleware/routes.ts';

/**
 * Every path under /returns that is no page of its own is the form of its link (spec §2); a page
 * of its own under /returns (the statement, the status pages, the sent page) is never taken for it.
 */
describe('the form of a link under /returns', () => {
  const form = (path: string) => isFormRequest({ url: new URL(`http://site.test${path}`) });

  it('is every path no page has, in every language', () => {
    for (const path of [
      '/returns',
      '/en/returns/',
      '/returns/returns',
      '/sk/returns/submit',
      '/hu/returns/a/b',
    ])
      expect(form(path), path).toBe(true);
  });

  it('is never a page of its own: each file beside the form page is left to its page', () => {
    const pages = readdirSync('src/pages/[...lang]/returns', { withFileTypes: true })
      .map((entry) => (entry.isDirectory() ? `${entry.name}/some-batch` : entry.name.replace(/\.astro$/, '')))
      .filter((name) => name !== 'index' && name !== 'submit');
    expect(pages.length).toBeGreaterThanOrEqual(4);
    for (const page of pages)
      for (const prefix of ['', '/en', '/pl']) expect(form(`${prefix}/returns/${page}`), page).toBe(false);
  });
});
