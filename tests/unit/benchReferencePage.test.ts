import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { getRaw } from '../../scripts/bench/http.ts';
import {
  copiedHeaders,
  plainHeaders,
  startReferenceServer,
  withoutHeader,
  zeroJsMarkup,
} from '../../scripts/bench/referencePage.ts';

const icon = join(mkdtempSync(join(tmpdir(), 'bench-reference-')), 'favicon.svg');
writeFileSync(icon, '<svg xmlns="http://www.w3.org/2000/svg"/>');

const siteHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-cache',
  vary: 'Accept-Encoding',
  'cross-origin-opener-policy': 'same-origin',
  'content-security-policy': "default-src 'self'",
  'x-frame-options': 'DENY',
};

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

// Node adds these to every answer; a copy's own headers are what is left.
const ownHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)),
  );

describe('the reference server', () => {
  it('serves several pages, each at its own path with the headers it was given', async () => {
    const reference = await startReferenceServer(
      [
        { path: '/returns/page-not-found', html: '<p>plain</p>' },
        { path: '/with-site-headers/returns/page-not-found', html: '<p>site</p>', headers: siteHeaders },
        {
          path: '/less-coop/returns/page-not-found',
          html: '<p>less</p>',
          headers: withoutHeader(siteHeaders, 'Cross-Origin-Opener-Policy'),
        },
      ],
      icon,
    );
    stop = reference.stop;
    const get = (path: string) => getRaw(`${reference.url}${path}`, { 'accept-encoding': 'br' });

    const plain = await get('/returns/page-not-found?token=abc');
    expect(plain.status).toBe(200);
    expect(brotliDecompressSync(plain.body).toString()).toBe('<p>plain</p>');
    expect(ownHeaders(plain.headers)).toEqual({
      ...plainHeaders,
      'content-encoding': 'br',
      'content-length': String(plain.body.length),
    });

    const site = await get('/with-site-headers/returns/page-not-found');
    expect(brotliDecompressSync(site.body).toString()).toBe('<p>site</p>');
    expect(ownHeaders(site.headers)).toEqual({
      ...siteHeaders,
      'content-encoding': 'br',
      'content-length': String(site.body.length),
    });

    const less = await get('/less-coop/returns/page-not-found');
    expect(brotliDecompressSync(less.body).toString()).toBe('<p>less</p>');
    expect(less.headers).not.toHaveProperty('cross-origin-opener-policy');
    expect(less.headers['content-security-policy']).toBe("default-src 'self'");
  });

  it('answers gzip or identity as asked, the icon at its own path and 404 for anything else', async () => {
    const reference = await startReferenceServer([{ path: '/returns', html: '<p>form</p>' }], icon);
    stop = reference.stop;
    const identity = await getRaw(`${reference.url}/returns`, { 'accept-encoding': 'identity' });
    expect(identity.body.toString()).toBe('<p>form</p>');
    expect(identity.headers).not.toHaveProperty('content-encoding');
    const gzip = await getRaw(`${reference.url}/returns`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const favicon = await getRaw(`${reference.url}/favicon.svg`);
    expect(favicon.headers['content-type']).toBe('image/svg+xml');
    expect((await getRaw(`${reference.url}/returns/error`)).status).toBe(404);
  });

  it('refuses two pages at one path', async () => {
    const page = { path: '/returns', html: '' };
    await expect(startReferenceServer([page, page], icon)).rejects.toThrow(
      'two reference pages share a path',
    );
  });
});

describe('the headers a copy of a site page takes', () => {
  it('are every header of the answer but those of one response or connection', () => {
    const answer = new Headers({
      ...siteHeaders,
      'content-length': '4814',
      'content-encoding': 'br',
      date: 'Tue, 24 Nov 2026 08:55:43 GMT',
      connection: 'keep-alive',
      'keep-alive': 'timeout=5',
      'transfer-encoding': 'chunked',
      etag: '"abc"',
    });
    answer.append('set-cookie', 'a=1');
    answer.append('set-cookie', 'b=2');
    expect(copiedHeaders(answer)).toEqual({ ...siteHeaders, 'set-cookie': ['a=1', 'b=2'] });
  });

  it('can leave one out, whatever its case', () => {
    expect(withoutHeader(siteHeaders, 'Cross-Origin-Opener-Policy')).not.toHaveProperty(
      'cross-origin-opener-policy',
    );
    expect(Object.keys(withoutHeader(siteHeaders, 'X-Frame-Options'))).toHaveLength(5);
  });
});

describe('the zero-JS copy of the form page', () => {
  it('keeps the markup and inline CSS and drops scripts, module preloads and island wrappers', () => {
    const html =
      '<head><style>p{}</style><link rel="modulepreload" href="/_astro/a.js"><script type="module">go()</script></head>' +
      '<astro-island uid="x" component-url="/_astro/Form.js"><form><input id="name"></form></astro-island>';
    expect(zeroJsMarkup(html)).toBe('<head><style>p{}</style></head><form><input id="name"></form>');
  });
});
