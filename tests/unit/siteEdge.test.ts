import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer, defaultTimeouts, siteListener } from '../../src/server/node/httpServer.ts';

let server: Server;
const page = `<!doctype html><p>${'A return, its label and its way back. '.repeat(100)}</p>`;
let base: string;
const reached: string[] = [];

beforeAll(async () => {
  // Stands in for the adapter's handler: it records what reaches it; an endpoint that parses a
  // body answers once the whole body is in.
  const adapter = (req: IncomingMessage, res: ServerResponse) => {
    reached.push(`${req.method} ${req.url}`);
    if (req.url === '/api/echo') return void req.resume().on('end', () => res.writeHead(200).end('{}'));
    if (req.url === '/page') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end(page);
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('answered');
  };
  server = createSiteServer(siteListener(adapter), {
    ...defaultTimeouts,
    headersMs: 600,
    requestMs: 800,
    checkEveryMs: 100,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

/** Sends raw bytes and collects the answer until the server closes the connection. */
function raw(bytes: string): Promise<{ text: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('close', () => resolve({ text, ms: performance.now() - started }));
    socket.on('error', reject);
  });
}

describe('the Node server around the adapter', () => {
  it('answers TRACE with 405 and Allow, on pages and on the API, without reaching Astro', async () => {
    const page = await raw('TRACE /returns HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(page.text).toMatch(/^HTTP\/1.1 405/);
    expect(page.text).toMatch(/\r\nallow: GET, HEAD\r\n/i);
    const api = await raw('TRACE /api/countries HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(api.text).toMatch(/^HTTP\/1.1 405/);
    expect(api.text).toContain('{"code":"methodNotAllowed"');
    expect(reached.filter((line) => line.startsWith('TRACE'))).toEqual([]);
  });

  it('answers a method the parser does not know, and CONNECT, with a JSON 405', async () => {
    for (const line of ['BREW /api/countries', 'CONNECT site.test:443']) {
      const { text } = await raw(`${line} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(text).toMatch(/^HTTP\/1.1 405/);
      expect(text).toContain('{"code":"methodNotAllowed"');
    }
  });

  it('answers a path whose escapes do not decode with a 400, JSON under /api/, without reaching Astro', async () => {
    const api = await raw('GET /api/labels/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(api.text).toMatch(/^HTTP\/1.1 400/);
    expect(api.text).toContain('{"code":"badRequest"');
    const page = await raw('GET /returns/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    // A page's address is answered in its language: Czech unprefixed, Polish under /pl.
    expect(page.text).toMatch(
      /^HTTP\/1.1 400[^]*\r\n\r\nPožadavek není platný. Zkontrolujte adresu stránky.$/,
    );
    const polish = await raw('GET /pl/returns/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(polish.text).toMatch(/\r\n\r\nŻądanie jest nieprawidłowe. Sprawdź adres strony.$/);
    expect(reached.filter((line) => line.includes('%'))).toEqual([]);
  });

  it('sends what the handler answers with the security headers and compressed when asked', async () => {
    const res = await fetch(`${base}/favicon.svg`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await res.text()).toBe('answered');
    for (const encoding of ['br', 'gzip']) {
      const answer = await fetch(`${base}/page`, { headers: { 'Accept-Encoding': encoding } });
      expect(answer.headers.get('content-encoding')).toBe(encoding);
      // fetch decodes it: the page comes through whole.
      expect(await answer.text()).toBe(page);
    }
  });

  it('cuts off a client that never finishes its body, with a 408', async () => {
    const { text, ms } = await raw(
      'POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    );
    expect(text).toMatch(/^HTTP\/1.1 408/);
    expect(text).toContain('{"code":"requestTimeout"');
    expect(ms).toBeLessThan(2_000);
  });

  it('cuts off a client that never finishes its headers', async () => {
    const { text, ms } = await raw('GET /returns HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    expect(text).toMatch(/^HTTP\/1.1 408/);
    expect(ms).toBeLessThan(2_000);
  });

  it('holds a request for seconds, not minutes, in production', () => {
    const production = createSiteServer(() => undefined);
    expect(production.headersTimeout).toBeLessThanOrEqual(10_000);
    expect(production.requestTimeout).toBeLessThanOrEqual(30_000);
    production.close();
  });
});
