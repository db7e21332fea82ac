import { expect, test, type APIResponse } from '@playwright/test';
import { scriptHash } from '../../src/lib/scriptHash.ts';

/**
 * Every answer carries the security headers once: pages, their refusals and redirects, the
 * API and the static files; each page the CSP the build made for it, with its own scripts only.
 */
const securityHeaders = [
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-resource-policy',
  'x-frame-options',
  'content-security-policy',
];
const token = 'demo-kabelky-plzen-driver-pickup';
/** A visit's attempt, as the site adds it to a link's form (decision 035). */
const attempt = '0b0f4a3e-8d7c-4b1a-9e2f-123456789abc';

/** Each security header's values; a header sent twice shows up as two values. */
function securityValues(response: APIResponse): Record<string, string[]> {
  const values: Record<string, string[]> = {};
  for (const { name, value } of response.headersArray())
    if (securityHeaders.includes(name.toLowerCase())) (values[name.toLowerCase()] ??= []).push(value);
  return values;
}

const routes: [path: string, status: number][] = [
  // The form page of a link; without a valid token, the not-found page (404).
  ['/returns', 404],
  [`/returns/?token=${token}&attempt=${attempt}`, 200],
  [`/returns?token=${token}`, 302],
  [`/returns/any/deeper/path?token=${token}&attempt=${attempt}`, 200],
  ['/returns/any/deeper/path', 404],
  ['/returns/error', 200],
  ['/returns/page-not-found', 200],
  ['/returns/accessibility', 200],
  [`/en/returns?token=${token}&attempt=${attempt}`, 200],
  ['/en/returns', 404],
  ['/en/returns/error/', 200],
  ['/en/returns/page-not-found', 200],
  ['/hu/returns/accessibility/', 200],
  [`/returns?lng=EN&token=${token}&attempt=${attempt}`, 200],
  ['/returns/error?lng=en', 200],
  ['/no/such/page', 404],
  ['/en/no/such/page', 404],
  ['/404', 404],
  ['/index.html', 404],
  ['/favicon.svg', 200],
  ['/api/countries', 200],
  ['/', 302],
];

test.describe('security headers', () => {
  for (const [path, status] of routes) {
    test(`${path} has each header once`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(status);
      const values = securityValues(response);
      for (const name of securityHeaders) expect(values[name], name).toHaveLength(1);
      expect(values['x-content-type-options']).toEqual(['nosniff']);
      expect(values['content-security-policy']?.[0]).toContain("frame-ancestors 'none'");
      // Left out on purpose (decision 022).
      expect(response.headers()).not.toHaveProperty('cross-origin-opener-policy');
    });
  }

  test('refusals carry them too: a 405, a 413 and a cross-site post', async ({ request }) => {
    const answers = [
      await request.fetch('/returns', { method: 'PROPFIND' }),
      await request.post('/api/returns', {
        data: 'x'.repeat(20_000),
        headers: { 'Content-Type': 'application/json' },
      }),
      await request.post('/api/returns', {
        form: { a: 'b' },
        headers: { Origin: 'https://elsewhere.example' },
      }),
    ];
    expect(answers.map((answer) => answer.status())).toEqual([405, 413, 403]);
    for (const answer of answers) {
      const values = securityValues(answer);
      for (const name of securityHeaders) expect(values[name], name).toHaveLength(1);
    }
  });

  test('a page’s CSP allows exactly its own inline scripts', async ({ request }) => {
    const form = await request.get(`/en/returns?token=${token}`);
    const csp = form.headers()['content-security-policy'] ?? '';
    // The answer's status and type say which program answered when this fails.
    expect(csp, `${form.status()} ${form.headers()['content-type']}`).toMatch(
      /script-src 'self'( 'sha256-[\w+/=]+')+/,
    );
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect((await request.get(`/returns?token=${token}`)).headers()['content-security-policy']).toBe(csp);
    // Exactly: one hash for each inline script of the page and none besides; a page without
    // inline scripts allows none.
    for (const path of [`/en/returns?token=${token}`, '/returns', '/returns/error', '/en/nothing-here']) {
      const page = await request.get(path);
      const html = await page.text();
      const own = Array.from(
        html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g),
        (m) => `'${scriptHash(m[1] ?? '')}'`,
      ).sort();
      const allowed = (page.headers()['content-security-policy']?.match(/'sha256-[^']+'/g) ?? []).sort();
      expect(allowed, path).toEqual(own);
    }
  });

  test('hashed assets are immutable and carry the headers too', async ({ request }) => {
    const page = await (await request.get(`/returns?token=${token}`)).text();
    const asset = /\/_astro\/[\w.-]+\.js/.exec(page)?.[0] ?? '';
    expect(asset).not.toBe('');
    const response = await request.get(asset);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Object.keys(securityValues(response)).sort()).toEqual([...securityHeaders].sort());
    expect((await request.get('/_astro/missing.js')).status()).toBe(404);
  });
});
