import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSiteServer, defaultTimeouts } from '../../host/httpServer.ts';
import { createSiteListener } from '../../host/site.ts';

let server: Server;
let base: string;
const reached: string[] = [];

beforeAll(async () => {
  // Stands in for Astro's handler: one endpoint that works, one that throws, nothing else.
  const astro = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    reached.push(`${req.method} ${req.url}`);
    if (req.url === '/api/ping') return void res.writeHead(200).end('{}');
    if (req.url === '/api/broken') throw new Error('the handler broke');
    // Like an endpoint that parses a body: it answers once the whole body is in.
    if (req.url === '/api/echo') return void req.resume().on('end', () => res.writeHead(200).end('{}'));
    next();
  };
  server = createSiteServer(createSiteListener(new Map(), astro), {
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

describe('the site server at its edge', () => {
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

  it('answers an unknown API path with JSON 404, for GET, HEAD and POST alike', async () => {
    for (const method of ['GET', 'POST']) {
      const res = await fetch(`${base}/api/no-such-thing?x=1`, { method });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ code: 'notFound', message: 'There is no such endpoint.' });
    }
    const head = await fetch(`${base}/api/no-such-thing`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type')]).toEqual([404, 'application/json; charset=utf-8']);
  });

  it('turns a handler that throws into a JSON 500 and one JSON log line without a stack', async () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const res = await fetch(`${base}/api/broken`);
    spy.mockRestore();
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      code: 'unexpectedError',
      message: 'An unexpected server error occurred.',
    });
    expect(written).toHaveLength(1);
    expect(JSON.parse(written[0]!)).toMatchObject({
      level: 'error',
      code: 'unknownError',
      path: '/api/broken',
      detail: 'the handler broke',
    });
    expect(written[0]).not.toContain('    at ');
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
