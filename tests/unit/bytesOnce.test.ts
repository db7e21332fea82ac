import { mkdtempSync, readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoint } from '../../src/server/api/endpoint.ts';
import keptEncoded from '../../src/server/cache/keptEncoded.ts';
import { chosenEncoding } from '../../src/server/encodings.ts';
import { createSiteServer, siteListener } from '../../src/server/node/httpServer.ts';
import { precompress } from '../../src/server/node/precompress.ts';
import { servedTarget } from '../../src/server/requestTarget.ts';

describe('the request target as the site reads it', () => {
  it('counts slashes in a row as one and a backslash as a slash, in the path only', () => {
    expect(servedTarget('/api/returns//')).toBe('/api/returns/');
    expect(servedTarget('//returns?token=a')).toBe('/returns?token=a');
    expect(servedTarget('/en/returns/error\\')).toBe('/en/returns/error/');
    expect(servedTarget('/returns?next=//x\\y')).toBeUndefined();
    expect(servedTarget('/returns?token=a&b=%C3%A9')).toBeUndefined();
    expect(servedTarget('/')).toBeUndefined();
  });

  it('reads a query that does not decode as the platform does, and leaves the path’s escapes alone', () => {
    expect(servedTarget('/api/countries?%FF%FE=1')).toBe('/api/countries?%EF%BF%BD%EF%BF%BD=1');
    expect(servedTarget('/returns?token=%E0%A4%A&lng=en')).toBe('/returns?token=%EF%BF%BD%25A&lng=en');
    const read = new URL(`http://site.test${servedTarget('/returns?token=%FF&another=a%2Bb+c')}`);
    expect(read.searchParams.get('token')).toBe(
      new URL('http://site.test/?token=%FF').searchParams.get('token'),
    );
    expect(read.searchParams.get('another')).toBe('a+b c');
    expect(servedTarget('/returns%FF?token=a')).toBeUndefined();
  });
});

describe('the encoding a kept page is kept in', () => {
  it('is the one the request prefers, brotli at equal weight, and never one it refuses', () => {
    expect(chosenEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chosenEncoding('gzip')).toBe('gzip');
    expect(chosenEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chosenEncoding('deflate')).toBe('identity');
    expect(chosenEncoding('identity')).toBe('identity');
    expect(chosenEncoding(null)).toBe('identity');
    // A build's file offers only the encodings written for it.
    expect(chosenEncoding('gzip, deflate, br', ['gzip'])).toBe('gzip');
    expect(chosenEncoding('br', ['gzip'])).toBe('identity');
  });

  const page = `<!DOCTYPE html><html lang="cs-CZ"><p>${'Vrácení zásilky. '.repeat(2000)}</p></html>`;
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

  async function ask(provider: ReturnType<typeof keptEncoded>, acceptEncoding: string, render: () => void) {
    const request = new Request(
      'http://site.test/returns?token=a&attempt=5b0e3c2e-7f1a-4c1d-9a1e-2b3c4d5e6f70',
      {
        headers: { 'Accept-Encoding': acceptEncoding },
      },
    );
    return provider.onRequest!({ request, url: new URL(request.url), logger }, async () => {
      render();
      return new Response(page, {
        headers: {
          'Content-Type': 'text/html',
          'Cache-Control': 'public, max-age=60',
          'CDN-Cache-Control': 'max-age=60',
        },
      });
    });
  }

  it('is compressed once per entry; each hit is the kept bytes with their Age, and the cache’s header stays inside', async () => {
    const provider = keptEncoded({ encode: true, max: 10 });
    let renders = 0;
    const render = () => (renders += 1);
    const first = await ask(provider, 'gzip, deflate, br', render);
    expect(first.headers.get('Content-Encoding')).toBe('br');
    expect(first.headers.get('Vary')).toBe('Accept-Encoding');
    expect(first.headers.get('Age')).toBeNull();
    const firstBytes = Buffer.from(await first.arrayBuffer());
    expect(brotliDecompressSync(firstBytes).toString()).toBe(page);
    // Another browser's spelling of the same choice is the same entry.
    for (const header of ['br', 'br, gzip', 'gzip, deflate, br, zstd']) {
      const hit = await ask(provider, header, render);
      expect(hit.headers.get('Content-Encoding'), header).toBe('br');
      expect(hit.headers.get('Age'), header).toMatch(/^\d+$/);
      expect(hit.headers.get('X-Astro-Cache'), header).toBeNull();
      expect(Buffer.from(await hit.arrayBuffer()).equals(firstBytes), header).toBe(true);
    }
    expect(renders).toBe(1);
    const gzipped = await ask(provider, 'gzip', render);
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(page);
    const plain = await ask(provider, 'identity', render);
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(page);
    expect(renders).toBe(3);
    expect((await ask(provider, 'gzip', render)).headers.get('Age')).not.toBeNull();
    expect(renders).toBe(3);
  });

  it('stays plain on the edge, where Cloudflare compresses', async () => {
    const provider = keptEncoded({ encode: false, max: 10 });
    let renders = 0;
    const first = await ask(provider, 'br', () => (renders += 1));
    expect(first.headers.get('Content-Encoding')).toBeNull();
    expect(first.headers.get('Vary')).toBeNull();
    const hit = await ask(provider, 'gzip', () => (renders += 1));
    expect(await hit.text()).toBe(page);
    expect(hit.headers.get('Age')).not.toBeNull();
    expect(hit.headers.get('X-Astro-Cache')).toBeNull();
    expect(renders).toBe(1);
  });
});

describe('the build’s files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'returns-precompress-'));
  const script = `export const text = ${JSON.stringify('Vraťte zásilku. '.repeat(500))};\n`;
  let server: Server;
  let base: string;
  const reached: string[] = [];

  beforeAll(async () => {
    mkdirSync(join(dir, '_astro'));
    writeFileSync(join(dir, '_astro', 'app.Ab12.js'), script);
    writeFileSync(join(dir, 'favicon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    await precompress(dir);
    server = createSiteServer(
      siteListener((req, res) => {
        reached.push(req.url ?? '');
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('adapter');
      }, dir),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it('are compressed once at build, at the highest levels, where that makes them smaller', () => {
    const br = readFileSync(join(dir, '_astro', 'app.Ab12.js.br'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, '_astro', 'app.Ab12.js.gz'))).toString()).toBe(script);
    expect(existsSync(join(dir, 'favicon.png.br'))).toBe(false);
  });

  it('are sent as they were written, in the encoding asked, immutable, and nothing else reaches the adapter', async () => {
    for (const [asked, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const response = await fetch(`${base}/_astro/app.Ab12.js`, { headers: { 'Accept-Encoding': asked } });
      expect(response.status, asked).toBe(200);
      expect(response.headers.get('Content-Encoding'), asked).toBe(encoding);
      expect(response.headers.get('Vary'), asked).toBe('Accept-Encoding');
      expect(response.headers.get('Content-Type'), asked).toBe('text/javascript; charset=utf-8');
      expect(response.headers.get('Cache-Control'), asked).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('X-Content-Type-Options'), asked).toBe('nosniff');
      expect(await response.text(), asked).toBe(script);
    }
    const image = await fetch(`${base}/favicon.png`, { headers: { 'Accept-Encoding': 'br' } });
    expect(image.headers.get('Content-Type')).toBe('image/png');
    expect(image.headers.get('Content-Encoding')).toBeNull();
    expect(image.headers.get('Vary')).toBeNull();
    expect(Buffer.from(await image.arrayBuffer())).toHaveLength(7);
    const first = await fetch(`${base}/_astro/app.Ab12.js`, { headers: { 'Accept-Encoding': 'br' } });
    await first.arrayBuffer();
    const again = await fetch(`${base}/_astro/app.Ab12.js`, {
      // What a browser's revalidation sends; fetch would add `no-cache` to a conditional request.
      headers: {
        'Accept-Encoding': 'br',
        'Cache-Control': 'max-age=0',
        'If-None-Match': first.headers.get('ETag') ?? '',
      },
    });
    expect(again.status).toBe(304);
    const head = await fetch(`${base}/_astro/app.Ab12.js`, {
      method: 'HEAD',
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(head.headers.get('Content-Length')).toBe(first.headers.get('Content-Length'));
    expect(await head.text()).toBe('');
    expect(reached).toEqual([]);
    const missing = await fetch(`${base}/_astro/missing.js`);
    expect(await missing.text()).toBe('adapter');
    expect(reached).toEqual(['/_astro/missing.js']);
  });
});

describe('a client gone before an endpoint reads its address', () => {
  it('is one JSON line at info, and the endpoint does not run', async () => {
    const written: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const handler = vi.fn(() => new Response('ran'));
    const context = {
      request: new Request('http://site.test/api/returns', { method: 'POST' }),
      params: {},
      get clientAddress(): string {
        // What Astro throws once the socket is gone.
        throw Object.assign(new Error('clientAddress is not available in your environment.'), {
          name: 'ClientAddressNotAvailable',
        });
      },
    } as unknown as APIContext;
    try {
      const response = await endpoint(handler)(context);
      expect(response.status).toBe(400);
    } finally {
      write.mockRestore();
    }
    expect(handler).not.toHaveBeenCalled();
    expect(written).toHaveLength(1);
    expect(JSON.parse(written[0]!)).toMatchObject({
      level: 'info',
      code: 'clientGone',
      path: '/api/returns',
    });
  });
});
