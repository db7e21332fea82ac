import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteListener, withKeptQuery } from '../../host/site.ts';
import { loadStaticFiles } from '../../host/staticFiles.ts';

const page = (name: string) =>
  `<!doctype html><html><body><h1>${name} – Vrácení zásilky</h1>` +
  `<a href="/returns" data-keep-query hreflang="cs">CS</a><a data-keep-query href="/en/returns">EN</a>` +
  `<a href="https://www.parcelo.example/">home</a>${' filler'.repeat(200)}</body></html>`;

const tree: Record<string, string> = {
  'index.html': '<meta http-equiv="refresh" content="0;url=/returns/page-not-found">',
  'returns/index.html': page('form cs'),
  'returns/error/index.html': page('error cs'),
  'returns/page-not-found/index.html': page('not found cs'),
  'en/returns/index.html': page('form en'),
  'en/returns/error/index.html': page('error en'),
  '404.html': page('404 cs'),
  'en/404/index.html': page('404 en'),
  '_astro/client.abc123.js': 'console.log(1);'.repeat(100),
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
};

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'site-'));
  for (const [file, body] of Object.entries(tree)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), body);
  }
  const files = await loadStaticFiles(dir, new Map([['/returns', "script-src 'self' 'sha256-x'"]]));
  // Stands in for Astro's handler: it knows one endpoint and hands everything else on.
  const astro = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.url === '/api/ping')
      return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    // Echoes the route an on-demand page would answer at, for the form's POST and its success screen.
    if (req.url?.includes('/returns/submit') || req.url?.includes('/returns/sent/'))
      return void res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`${req.method} ${req.url}`);
    next();
  };
  server = createServer(createSiteListener(files, astro));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(base + path, { headers, redirect: 'manual' });

describe('the form sent without JavaScript', () => {
  const post = (path: string) => fetch(base + path, { method: 'POST', body: 'name=x', redirect: 'manual' });

  it('hands a POST of the form page to its on-demand page, query and language kept', async () => {
    expect(await (await post('/returns?token=abc')).text()).toBe('POST /returns/submit?token=abc');
    expect(await (await post('/en/returns/?token=abc')).text()).toBe('POST /en/returns/submit?token=abc');
    expect(await (await post('/returns?token=abc&lng=EN')).text()).toBe(
      'POST /en/returns/submit?token=abc&lng=EN',
    );
  });

  it('sends the success screen to Astro instead of the form page, and no other POST to a page', async () => {
    const sent = '/returns/sent/0b0f4a3e-8d7c-4b1a-9e2f-123456789abc?token=abc';
    expect(await (await get(sent)).text()).toBe(`GET ${sent}`);
    expect((await post('/returns/error')).status).toBe(404);
  });
});

describe('site server', () => {
  it('redirects / to the not-found page and keeps the query', async () => {
    const res = await get('/?lng=en');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/returns/page-not-found?lng=en');
  });

  it('serves pages with and without a trailing slash', async () => {
    expect(await (await get('/returns/error')).text()).toContain('error cs');
    expect(await (await get('/returns/error/')).text()).toContain('error cs');
    expect(await (await get('/en/returns/error')).text()).toContain('error en');
  });

  it('serves the form page for every other path under /returns, in both languages', async () => {
    for (const [path, heading] of [
      ['/returns/some/deep/path', 'form cs'],
      ['/en/returns/anything', 'form en'],
      ['/returns/x?lng=En', 'form en'],
    ]) {
      const res = await get(path!);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(heading);
    }
  });

  it('rewrites ?lng=en in any case to the English page, and ignores other values', async () => {
    expect(await (await get('/returns/error?lng=EN')).text()).toContain('error en');
    expect(await (await get('/returns/error?lng=de')).text()).toContain('error cs');
    // A page with no English version stays as it is.
    expect(await (await get('/returns/page-not-found?lng=en')).text()).toContain('not found cs');
  });

  it('answers unknown paths with the 404 page of their language and status 404', async () => {
    const cs = await get('/nothing/here');
    expect(cs.status).toBe(404);
    expect(await cs.text()).toContain('404 cs');
    const en = await get('/en/nothing');
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('404 en');
    expect((await get('/404')).status).toBe(404);
    expect((await get('/api/ping')).status).toBe(200);
  });

  it('answers a request that is not GET on a page path with 404 and no body from a file', async () => {
    // A POST of the form page is the form sent without JavaScript (see above); nothing else is.
    const res = await fetch(`${base}/returns`, { method: 'PUT', body: 'x' });
    expect(res.status).toBe(404);
  });

  it('keeps the query string (without lng) on the language links and nowhere else', async () => {
    const html = await (await get('/returns/error?token=a%2Bb%3D%3D&lng=en&x=1')).text();
    expect(html).toContain('href="/returns?token=a%2Bb%3D%3D&amp;x=1" data-keep-query');
    expect(html).toContain('data-keep-query href="/en/returns?token=a%2Bb%3D%3D&amp;x=1"');
    expect(html).toContain('href="https://www.parcelo.example/"');
  });

  it('never lets a query break out of the href attribute', () => {
    const html = withKeptQuery('<a data-keep-query href="/returns">', new URLSearchParams('t="><script>$&'));
    expect(html).toBe('<a data-keep-query href="/returns?t=%22%3E%3Cscript%3E%24">');
  });

  it('compresses with brotli or gzip as the browser accepts', async () => {
    const br = await fetch(`${base}/returns`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const gz = await fetch(`${base}/returns`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('etag')).toMatch(/^"/);
    const none = await fetch(`${base}/returns`, { headers: { 'accept-encoding': 'identity' } });
    expect(none.headers.get('content-encoding')).toBeNull();
    expect(await none.text()).toContain('form cs');
  });

  it('compresses a page personalised by its query too, with brotli or gzip', async () => {
    const { request } = await import('node:http');
    const fetchRaw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve) => {
        request(`${base}/returns?token=abc`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res
            .on('data', (c: Buffer) => chunks.push(c))
            .on('end', () =>
              resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
            );
        }).end();
      });
    const br = await fetchRaw('br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toContain('href="/returns?token=abc"');
    const gzip = await fetchRaw('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toContain('href="/returns?token=abc"');
  });

  it('sets cache headers: immutable for hashed assets, revalidation for pages', async () => {
    expect((await get('/_astro/client.abc123.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    const pageRes = await get('/returns');
    expect(pageRes.headers.get('cache-control')).toBe('no-cache');
    const etag = pageRes.headers.get('etag')!;
    expect((await get('/returns', { 'if-none-match': etag })).status).toBe(304);
  });

  it('sends the security headers on pages, assets, redirects and endpoints', async () => {
    for (const path of ['/returns', '/favicon.svg', '/', '/api/ping', '/nothing']) {
      const res = await get(path);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    // The build's hash names no inline script of that page: the page does not allow it.
    expect((await get('/returns')).headers.get('content-security-policy')).toBe(
      "script-src 'self'; frame-ancestors 'none'",
    );
    expect((await get('/api/ping')).headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('answers HEAD without a body', async () => {
    const res = await fetch(`${base}/returns/error`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await res.text()).toBe('');
  });

  it('does not reach outside the build with path tricks', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/returns/..%2F..%2Fpackage.json',
      '/_astro/..%5c..%5cx',
    ]) {
      const res = await get(path);
      expect([200, 404]).toContain(res.status);
      expect(await res.text()).not.toContain('"dependencies"');
    }
  });
});

describe('the form page of a link, rendered on demand', () => {
  // The build has no file for the form page: Astro renders it for the link's token.
  let onDemand: Server;
  let at: string;
  beforeAll(async () => {
    const files = await loadStaticFiles(dir, new Map());
    for (const route of ['/returns', '/en/returns']) files.delete(route);
    const astro = (req: IncomingMessage, res: ServerResponse) =>
      void res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`${req.method} ${req.url}`);
    onDemand = createServer(createSiteListener(files, astro));
    await new Promise<void>((resolve) => onDemand.listen(0, '127.0.0.1', resolve));
    at = `http://127.0.0.1:${(onDemand.address() as AddressInfo).port}`;
  });
  afterAll(() => onDemand.close());

  it('hands every path under /returns but the status pages to the form page, query and language kept', async () => {
    for (const [path, reached] of [
      ['/returns?token=abc', 'GET /returns?token=abc'],
      ['/returns/some/deep/path/?token=abc', 'GET /returns?token=abc'],
      ['/en/returns/anything?token=abc', 'GET /en/returns?token=abc'],
      ['/returns/x?token=abc&lng=En', 'GET /en/returns?token=abc&lng=En'],
    ]) {
      expect(await (await fetch(at + path)).text(), path).toBe(reached);
    }
    expect(await (await fetch(`${at}/returns/error?token=abc`)).text()).toContain('error cs');
  });
});
