import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { routes } from '../../host/routes.ts';
import { nginxUrl, nodeUrl } from './ports.ts';

/**
 * Every row of the routing table (host/routes.ts), asked of the Node server and of nginx with
 * the configuration the build wrote from that table: the same status, the same redirect, and
 * the same page at the end, with the same query on the links that keep it.
 */
const token = 'demo-kabelky-plzen-driver-pickup';
const longQuery = `token=${token}&utm_source=shop&utm_medium=email&utm_campaign=returns&utm_content=a&gclid=x1`;

const both = (path: string) => [path, `/en${path === '/' ? '' : path}`];
const targets = new Set([
  ...Object.keys(routes.homes).flatMap((home) => [home, `${home}/`, `${home}?lng=en&token=t`]),
  ...Object.values(routes.notFound).flatMap((path) => [path, `${path}?lng=EN`]),
  ...both(routes.form).flatMap((form) => [
    form,
    `${form}/`,
    `${form}?token=${token}`,
    `${form}/?token=${token}&lng=EN`,
    `${form}/error`,
    `${form}/error/?lng=EN`,
    `${form}/page-not-found?${longQuery}`,
    `${form}/error?lng=en&${longQuery}`,
    `${form}/no/such/path/?token=${token}`,
    `${form}/no/such/path`,
    `${form}/submit?token=${token}`,
    `${routes.onDemand.replace(routes.form, form)}0b0f4a3e-8d7c-4b1a-9e2f-123456789abc?token=${token}`,
  ]),
  ...routes.proxied.map((path) => (path.endsWith('/') ? `${path}countries` : path)),
  '/no/such/page',
  '/no/such/page?lng=EN&token=t',
  '/en/no/such/page/',
  '/returnsx',
  '/favicon.svg',
]);

/** A redirect's target as a path and query, whichever server wrote it absolute. */
const location = (response: APIResponse) => {
  const value = response.headers()['location'];
  if (value === undefined) return undefined;
  const url = new URL(value, 'http://site.invalid');
  return `${url.pathname}${url.search}`;
};

/** What a sender sees of a page: its language, title and heading, and where its kept links lead. */
async function pageOf(response: APIResponse) {
  if (!response.headers()['content-type']?.startsWith('text/html')) return response.status();
  const html = await response.text();
  const keptLinks = Array.from(html.matchAll(/href="([^"]*)"[^>]*data-keep-query/g), ([, href = '']) => {
    const url = new URL(href.replaceAll('&amp;', '&'), 'http://site.invalid');
    return [url.pathname, ...Array.from(new URLSearchParams(url.search), ([k, v]) => `${k}=${v}`)].join(' ');
  });
  return {
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    h1: /<h1[^>]*>([\s\S]*?)<\/h1>/
      .exec(html)?.[1]
      ?.replace(/<[^>]+>/g, '')
      .trim(),
    keptLinks,
  };
}

async function answer(request: APIRequestContext, base: string, target: string) {
  const first = await request.get(`${base}${target}`, { maxRedirects: 0 });
  const last = first.status() === 302 ? await request.get(`${base}${target}`) : first;
  return { status: first.status(), location: location(first), page: await pageOf(last) };
}

test.describe('the routing table, through the Node server and through nginx', () => {
  for (const target of targets) {
    test(`GET ${target} is answered alike`, async ({ request }) => {
      const [viaNode, viaNginx] = [
        await answer(request, nodeUrl, target),
        await answer(request, nginxUrl, target),
      ];
      expect(viaNginx).toEqual(viaNode);
      expect(viaNode.status, 'a known answer').toBeLessThan(500);
    });
  }

  test('a query of many parameters is kept whole on every link that keeps it', async ({ request }) => {
    for (const base of [nodeUrl, nginxUrl]) {
      const { page } = await answer(request, base, `/returns/error?lng=en&${longQuery}`);
      const kept = typeof page === 'number' ? [] : page.keptLinks;
      expect(kept.length, base).toBeGreaterThanOrEqual(2);
      for (const link of kept) expect(link, base).toContain('gclid=x1');
      for (const link of kept) expect(link, base).toContain(`token=${token}`);
    }
  });

  for (const target of ['/returns', '/returns/some/path/?lng=EN', `/en/returns/?token=no-such-token`]) {
    test(`a form posted to ${target} is answered alike`, async ({ request }) => {
      const post = (base: string) =>
        request.post(`${base}${target}`, { form: { name: 'x' }, headers: { Origin: base }, maxRedirects: 0 });
      const [viaNode, viaNginx] = [await post(nodeUrl), await post(nginxUrl)];
      expect(viaNginx.status()).toBe(viaNode.status());
      expect(location(viaNginx)).toBe(location(viaNode));
      expect(viaNode.status()).toBe(303);
    });
  }
});
