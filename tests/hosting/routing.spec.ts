import { expect, test } from '@playwright/test';
import { refusedMethods } from './methods.ts';
import { cultures, locales, localizedPath } from '../../src/lib/locales.ts';

/** The routes the middleware decides (src/middleware.ts), as a browser or a CDN meets them. */
const token = 'demo-kabelky-plzen-driver-pickup';

test.describe('routing', () => {
  for (const [from, query, to] of [
    ['/', '', '/returns/page-not-found'],
    ['/', '?lng=en&', '/en/returns/page-not-found'],
    ['/en', '', '/en/returns/page-not-found'],
    ['/en/', '?', '/en/returns/page-not-found'],
    ['/sk', '', '/sk/returns/page-not-found'],
    ['/', '?lng=PL&', '/pl/returns/page-not-found'],
    ['/hu/', '?', '/hu/returns/page-not-found'],
  ] as const) {
    test(`${from}${query} redirects to ${to} with its query`, async ({ request }) => {
      const asked = `${query || '?'}token=${token}`;
      const response = await request.get(`${from}${asked}`, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers()['location']).toBe(`${to}${asked}`);
    });
  }

  test('the language links carry the page’s parameters without lng, escaped, and nothing else', async ({
    request,
  }) => {
    const link = `token=${token}`;
    const asked = `${link}&attempt=${crypto.randomUUID()}&another=a%26b&type=qr`;
    const html = await (await request.get(`/returns?lng=en&${asked}&utm_source=mail`)).text();
    expect(html).toContain('<html lang="en-US"');
    // The form page reads the token alone: the attempt, made-up values and tags stay behind.
    expect(html).toContain(`href="/returns?${link}"`);
    expect(html).toContain(`href="/en/returns?${link}"`);
    for (const left of ['utm_source', 'attempt', 'another', 'type=qr']) expect(html).not.toContain(left);
    const error = await (await request.get(`/returns/error?lng=en&${asked}&shop=x`)).text();
    expect(error).toContain(`href="/returns/error?${link}"`);
    // 'Try again' on the error page opens the link's form again, in the page's language.
    expect(error).toContain(`href="/en/returns?${link}"`);
    expect(error).not.toContain('shop=x');
    expect(error).not.toContain('attempt');
  });

  test('every path under /returns that is no page of its own is the form of its link, in every language', async ({
    request,
  }) => {
    for (const locale of locales) {
      for (const path of [
        '/returns/submit',
        '/returns/returns',
        '/returns/any/deeper/path',
        '/returns/sent',
      ]) {
        const asked = `${localizedPath(locale, path)}?token=${token}`;
        const response = await request.get(asked);
        expect(response.status(), asked).toBe(200);
        // The address stays the one asked, with the visit's attempt.
        expect(response.url(), asked).toMatch(/&attempt=[0-9a-f-]{36}$/);
        expect(new URL(response.url()).pathname, asked).toBe(localizedPath(locale, path));
        const html = await response.text();
        expect(html, asked).toContain(`<html lang="${cultures[locale]}"`);
        expect(html, asked).toContain('class="return-form');
      }
    }
  });

  test('the language links of every page carry the query', async ({ request }) => {
    const pages = ['/returns/error', '/returns/page-not-found', '/returns/accessibility', '/no/such/page'];
    for (const path of locales.flatMap((locale) => pages.map((p) => localizedPath(locale, p)))) {
      const html = await (await request.get(`${path}?token=${token}`)).text();
      const links = html.match(/<a\b[^>]*\bhreflang="[^"]+"[^>]*>/g) ?? [];
      expect(links.length, path).toBe(locales.length);
      for (const link of links) expect(link, path).toMatch(new RegExp(`href="[^"?]*\\?token=${token}"`));
    }
  });

  test('a path no route knows is the not-found page of its language, with status 404', async ({
    request,
  }) => {
    for (const [path, lang] of [
      ['/no/such/page', 'cs-CZ'],
      ['/en/no/such/page', 'en-US'],
      ['/no/such/page?lng=EN', 'en-US'],
      ['/xx/returns/error', 'cs-CZ'],
      ['/404', 'cs-CZ'],
      ['/en/404', 'en-US'],
      ['/index.html', 'cs-CZ'],
      ['/sk/no/such/page', 'sk-SK'],
      ['/no/such/page?lng=pl', 'pl-PL'],
      ['/hu/404', 'hu-HU'],
      ['/cs/returns/error', 'cs-CZ'],
      ['/skx/returns/error', 'cs-CZ'],
    ]) {
      const response = await request.get(path!);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain(`<html lang="${lang}"`);
    }
  });

  test('every language has its status pages under its prefix, and lng in any case picks it', async ({
    request,
  }) => {
    for (const locale of locales) {
      const lang = `<html lang="${cultures[locale]}"`;
      for (const path of ['/returns/error', '/returns/page-not-found', '/returns/accessibility']) {
        const response = await request.get(localizedPath(locale, path));
        expect(response.status(), path).toBe(200);
        expect(await response.text(), path).toContain(lang);
      }
      for (const lng of [locale, locale.toUpperCase()]) {
        const html = await (await request.get(`/returns/error?lng=${lng}`)).text();
        expect(html, lng).toContain(lang);
      }
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

  test('TRACE is refused with 405 on pages, assets and the API', async ({ request, baseURL }, testInfo) => {
    for (const method of refusedMethods(testInfo))
      for (const path of ['/returns', '/', '/favicon.svg', '/no/such/page', '/api/countries']) {
        const response = await request.fetch(path, { method });
        expect(response.status(), `${method} ${path}`).toBe(405);
        expect(response.headers()['x-content-type-options'], path).toBe('nosniff');
      }
    const post = await request.post('/returns/error', { data: 'x' });
    expect(post.status()).toBe(405);
    expect(post.headers()['allow']).toBe('GET, HEAD');
    // Only the form page takes a POST (the form sent without JavaScript); without a token it is not found.
    const form = await request.post('/returns', {
      form: { name: 'x' },
      headers: { Origin: new URL(baseURL ?? '').origin },
      maxRedirects: 0,
    });
    expect(form.status()).toBe(303);
    expect(form.headers()['location']).toBe('/returns/page-not-found');
  });

  test('the health checks answer in JSON', async ({ request }) => {
    for (const path of ['/healthz', '/readyz']) {
      const response = await request.get(path);
      expect(response.headers()['content-type'], path).toMatch(/^application\/json/);
      expect(response.status(), path).toBe(200);
    }
  });
});
