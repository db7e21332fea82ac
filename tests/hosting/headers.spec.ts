import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { scriptHash } from '../../src/lib/scriptHash.ts';
import { nodeUrl } from './ports.ts';

/**
 * nginx with deploy/nginx.conf in front of the Node server (the 'hosting' project's baseURL):
 * every answer carries the security headers once, each page the CSP the build made for it,
 * exactly as the Node server sends them on its own.
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

/** Each security header's values; a header sent twice shows up as two values. */
function securityValues(response: APIResponse): Record<string, string[]> {
  const values: Record<string, string[]> = {};
  for (const { name, value } of response.headersArray())
    if (securityHeaders.includes(name.toLowerCase())) (values[name.toLowerCase()] ??= []).push(value);
  return values;
}

/** What the Node server alone answers for the same request. */
async function direct(request: APIRequestContext, path: string) {
  return request.get(`${nodeUrl}${path}`, { maxRedirects: 0 });
}

const routes: [path: string, status: number][] = [
  // The form page of a link, rendered by Node; without a valid token, the not-found page (404).
  ['/returns', 404],
  [`/returns/?token=${token}`, 200],
  [`/returns/any/deeper/path?token=${token}`, 200],
  ['/returns/any/deeper/path', 404],
  ['/returns/error', 200],
  ['/returns/page-not-found', 200],
  [`/en/returns?token=${token}`, 200],
  ['/en/returns', 404],
  ['/en/returns/error/', 200],
  ['/en/returns/page-not-found', 200],
  [`/returns?lng=EN&token=${token}`, 200],
  ['/returns/error?lng=en', 200],
  ['/no/such/page', 404],
  ['/en/no/such/page', 404],
  ['/404', 404],
  ['/index.html', 404],
  ['/favicon.svg', 200],
  ['/api/countries', 200],
  ['/', 302],
];

test.describe('security headers behind nginx', () => {
  for (const [path, status] of routes) {
    test(`${path} has each header once, as the Node server sends it`, async ({ request }) => {
      const [viaNginx, viaNode] = [await request.get(path, { maxRedirects: 0 }), await direct(request, path)];
      expect(viaNginx.status()).toBe(status);
      expect(viaNode.status()).toBe(status);
      const values = securityValues(viaNginx);
      for (const name of securityHeaders) expect(values[name], name).toHaveLength(1);
      expect(values).toEqual(securityValues(viaNode));
      // Left out on purpose, through nginx too (decision 022).
      expect(viaNginx.headers()).not.toHaveProperty('cross-origin-opener-policy');
    });
  }

  test('a page’s CSP allows exactly its own inline scripts', async ({ request }) => {
    const csp = (await request.get(`/en/returns?token=${token}`)).headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect((await request.get(`/returns?token=${token}`)).headers()['content-security-policy']).toBe(csp);
    // Exactly: one hash for each inline script of the page and none besides, through nginx and
    // from the Node server alike; a page without inline scripts allows none.
    for (const path of [`/en/returns?token=${token}`, '/returns', '/returns/error', '/en/nothing-here']) {
      for (const base of ['', nodeUrl]) {
        const page = await request.get(`${base}${path}`);
        const html = await page.text();
        const own = Array.from(
          html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g),
          (m) => `'${scriptHash(m[1] ?? '')}'`,
        ).sort();
        const allowed = (page.headers()['content-security-policy']?.match(/'sha256-[^']+'/g) ?? []).sort();
        expect(allowed, `${base}${path}`).toEqual(own);
      }
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
