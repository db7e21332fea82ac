import { expect, test } from '@playwright/test';
import { nginxUrl } from './ports.ts';

/** Routes nginx answers itself from dist/client, as host/site.ts does (both from host/routes.ts). */
const token = 'demo-kabelky-plzen-driver-pickup';

test.describe('routing behind nginx', () => {
  for (const [from, to] of [
    ['/', '/returns/page-not-found'],
    ['/en', '/en/returns/page-not-found'],
    ['/en/', '/en/returns/page-not-found'],
  ]) {
    test(`${from} redirects to ${to} with its query`, async ({ request }) => {
      const response = await request.get(`${from}?lng=en&token=${token}`, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(new URL(response.headers()['location'] ?? '', 'http://x').pathname).toBe(to);
      expect(response.headers()['location']).toContain(`?lng=en&token=${token}`);
    });
  }

  test('the language links carry the query without lng, escaped', async ({ request }) => {
    // The form page of a link, rendered by Node, writes its links itself.
    const html = await (await request.get(`/returns?lng=en&token=${token}&shop=a%26b`)).text();
    expect(html).toContain('<html lang="en-US"');
    expect(html).toContain(`href="/returns?token=${token}&amp;shop=a%26b"`);
    expect(html).toContain(`href="/en/returns?token=${token}&amp;shop=a%26b"`);
    // A pre-rendered page gets them from nginx.
    const error = await (await request.get(`/returns/error?lng=en&token=${token}&shop=a%26b`)).text();
    expect(error).toContain(`href="/returns/error?token=${token}&amp;shop=a%26b" data-keep-query`);
  });

  test('every link marked data-keep-query on every page carries the query', async ({ request }) => {
    const pages = ['/returns/error', '/returns/page-not-found', '/no/such/page'];
    for (const path of [...pages, ...pages.map((p) => `/en${p}`)]) {
      const html = await (await request.get(`${path}?token=${token}`)).text();
      const links = html.match(/<a\b[^>]*\bdata-keep-query\b[^>]*>/g) ?? [];
      expect(links.length, path).toBeGreaterThanOrEqual(2);
      for (const link of links) expect(link, path).toMatch(new RegExp(`href="[^"?]*\\?token=${token}"`));
    }
  });

  test('a query with markup never reaches the page as markup', async ({ request }) => {
    for (const path of ['/returns/page-not-found', `/returns?token=${token}`]) {
      const plain = await (await request.get(path)).text();
      // Sent raw, as a client that is no browser can.
      const html = await (
        await request.get(`${path}${path.includes('?') ? '&' : '?'}q=x"><script>alert(1)</script>`)
      ).text();
      // The query may be copied into an href, escaped; never as markup of its own.
      expect(html, path).not.toContain('<script>alert(1)');
      // Nor may its quote end an attribute: escaped, the `"` stays inside the href.
      expect(html, path).not.toContain('x">');
      expect(html.match(/<script/g), path).toEqual(plain.match(/<script/g));
    }
  });

  test('TRACE is refused with 405 on pages, assets and the API', async ({ request }) => {
    for (const path of ['/returns', '/', '/favicon.svg', '/no/such/page', '/api/countries']) {
      const response = await request.fetch(path, { method: 'TRACE' });
      expect(response.status(), path).toBe(405);
      expect(response.headers()['x-content-type-options'], path).toBe('nosniff');
    }
    const post = await request.post('/returns/error', { data: 'x' });
    expect(post.status()).toBe(405);
    expect(post.headers()['allow']).toBe('GET, HEAD');
    // Only the form page takes a POST (the form sent without JavaScript); without a token it is not found.
    const form = await request.post('/returns', {
      form: { name: 'x' },
      headers: { Origin: nginxUrl },
      maxRedirects: 0,
    });
    expect(form.status()).toBe(303);
    expect(form.headers()['location']).toBe('/returns/page-not-found');
  });

  test('the health checks are answered by the Node server', async ({ request }) => {
    for (const path of ['/healthz', '/readyz']) {
      const response = await request.get(path);
      expect(response.headers()['content-type'], path).toMatch(/^application\/json/);
      expect(response.status(), path).toBe(200);
    }
  });
});
