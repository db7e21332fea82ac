import { randomUUID } from 'node:crypto';
import { expect, test, type APIResponse } from '@playwright/test';
import { ownCopyOf } from '../e2e/returnLinks.ts';

/**
 * The form page of a link belongs to an e-shop, not to a sender: the site's route cache keeps
 * it by its path, its token and its language for the minute its Cache-Control allows (a CDN in
 * front may too), and never keeps a not-found page. Each test asks for a link of its own, so an
 * earlier run's cache does not count; a sender's address carries an attempt (decision 035).
 */
const fresh = () => `/returns?token=${ownCopyOf('driver')}&attempt=${randomUUID()}`;

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

test('only the token and the language are part of the key: tags, attempts and made-up values share the page', async ({
  request,
}) => {
  const url = fresh();
  const first = await request.get(`${url}&utm_campaign=spring&fbclid=a1`);
  expect(fromCache(first)).toBe(false);
  const html = await first.text();
  // The page's links carry its own parameters only, so one copy serves every tagged link.
  const link = url.split('&attempt=')[0] ?? '';
  expect(html).toContain(`href="/en${link}"`);
  expect(html).not.toContain('utm_campaign');
  expect(html).not.toContain('attempt=');
  const others = ['utm_campaign=autumn', 'made_up=1&another_one=2', 'another=1', 'type=qr&notice=x', ''];
  for (const tags of others) {
    const again = await request.get(`${link}&attempt=${randomUUID()}${tags && `&${tags}`}`);
    expect(fromCache(again), tags).toBe(true);
    expect(await again.text()).toBe(html);
  }
  // The language is a page of its own.
  expect(fromCache(await request.get(`${url}&lng=en`))).toBe(false);
});

test('made-up values of any parameter but the token cannot push a kept page out', async ({ request }) => {
  const url = fresh();
  expect(fromCache(await request.get(url))).toBe(false);
  // More than the cache holds (250 pages), each with values of its own.
  const names = ['another', 'attempt', 'type', 'handover', 'notice', 'utm_content', 'lng'];
  for (let i = 0; i < 300; i += 1) {
    const name = names[i % names.length] ?? '';
    const asked = await request.get(`${url}&${name}=${name === 'attempt' ? randomUUID() : `made-up-${i}`}`);
    expect(asked.status()).toBe(200);
  }
  expect(fromCache(await request.get(url))).toBe(true);
  // A language no page has is the page without one, rendered and never kept.
  for (let i = 0; i < 2; i += 1) expect(fromCache(await request.get(`${url}&lng=xx`))).toBe(false);
});

test('a link opened without an attempt goes to its form with a fresh one, never kept', async ({
  request,
}) => {
  const link = `/en/returns?token=${ownCopyOf('driver')}&utm_source=mail`;
  const attempts = new Set<string>();
  for (let i = 0; i < 2; i += 1) {
    const response = await request.get(link, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()['cache-control']).toBe('no-store');
    const location = response.headers()['location'] ?? '';
    expect(location).toMatch(new RegExp(`^${link.replace(/[?+]/g, '\\$&')}&attempt=[0-9a-f-]{36}$`));
    attempts.add(location);
  }
  expect(attempts.size).toBe(2);
  // An attempt that is not one the site makes is replaced.
  const made = await request.get(`${link}&attempt=x`, { maxRedirects: 0 });
  expect(made.headers()['location']).toMatch(/&utm_source=mail&attempt=[0-9a-f-]{36}$/);
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
  const url = `/returns?token=no-such-return-page-token&attempt=${randomUUID()}`;
  for (let i = 0; i < 2; i += 1) {
    const response = await request.get(url);
    expect(response.status()).toBe(404);
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(fromCache(response)).toBe(false);
  }
});
