import { randomUUID } from 'node:crypto';
import { expect, test, type APIResponse } from '@playwright/test';

/**
 * The form page of a link belongs to an e-shop, not to a sender: the site's route cache keeps
 * it by its path and the parameters pages read for the minute its Cache-Control allows (a CDN in
 * front may too), and never keeps a not-found page. Each test asks with an `another` of its own
 * (a page parameter), so an earlier run's cache does not count.
 */
const token = 'demo-kabelky-plzen-driver-pickup';
const fresh = () => `/returns?token=${token}&another=${randomUUID()}`;

/**
 * Whether an answer came from the route cache: a kept answer carries `Age` (RFC 9111), a
 * rendered one none. The cache's own header (X-Astro-Cache) never reaches a client.
 */
function fromCache(response: APIResponse): boolean {
  expect(response.headers()['x-astro-cache']).toBeUndefined();
  return response.headers()['age'] !== undefined;
}

test('a link’s form page is cached for a minute, then answered like a file', async ({ request }) => {
  const url = fresh();
  const first = await request.get(url);
  expect(first.status()).toBe(200);
  expect(first.headers()['cache-control']).toBe('public, max-age=60');
  expect(fromCache(first)).toBe(false);
  const second = await request.get(url);
  expect(fromCache(second)).toBe(true);
  expect(await second.text()).toBe(await first.text());
  // The cached copy keeps the page's own headers, its policy among them.
  expect(second.headers()['content-security-policy']).toBe(first.headers()['content-security-policy']);
  // Another link's URL, or the same link in the other language, is a page of its own.
  expect(fromCache(await request.get(`/en${url}`))).toBe(false);
});

test('only the parameters pages read are part of the key: tracking tags share the page', async ({
  request,
}) => {
  const url = fresh();
  const first = await request.get(`${url}&utm_campaign=spring&fbclid=a1`);
  expect(fromCache(first)).toBe(false);
  const html = await first.text();
  // The page's links carry its own parameters only, so one copy serves every tagged link.
  expect(html).toContain(`href="/en${url.replaceAll('&', '&amp;')}"`);
  expect(html).not.toContain('utm_campaign');
  for (const tags of ['utm_campaign=autumn', 'made_up=1&another_one=2', '']) {
    const again = await request.get(`${url}${tags && `&${tags}`}`);
    expect(fromCache(again), tags).toBe(true);
    expect(await again.text()).toBe(html);
  }
  // A page parameter, or the language, is a page of its own.
  expect(fromCache(await request.get(`${url}&type=qr`))).toBe(false);
  expect(fromCache(await request.get(`${url}&lng=en`))).toBe(false);
});

test('a cached page is served in the encoding each browser can read', async ({ request }) => {
  const url = fresh();
  const brotli = await request.get(url, { headers: { 'Accept-Encoding': 'br' } });
  // The Node server compresses; a worker leaves it to the runtime, which compresses what it sends
  // as Cloudflare does (workerd would compress a body marked as encoded a second time).
  expect(brotli.headers()['content-encoding']).toBe('br');
  expect(await brotli.text()).toContain('<html lang="cs-CZ"');
  const plain = await request.get(url, { headers: { 'Accept-Encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(await plain.text()).toContain('<html lang="cs-CZ"');
});

test('a not-found link is never kept', async ({ request }) => {
  const url = `/returns?token=no-such-return-page-token&another=${randomUUID()}`;
  for (let i = 0; i < 2; i += 1) {
    const response = await request.get(url);
    expect(response.status()).toBe(404);
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(fromCache(response)).toBe(false);
  }
});
