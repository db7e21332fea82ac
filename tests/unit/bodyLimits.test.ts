import { request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitForm } from '../../src/server/form/submitForm.ts';
import { createSiteServer } from '../../host/httpServer.ts';
import { createSiteListener } from '../../host/site.ts';
import { apiKey, startTestCarrier, tokens } from './carrier/harness.ts';
import { testDeps } from './siteApi/harness.ts';

let server: Server;
let port: number;
const reached: { url: string; tooLarge: string | undefined }[] = [];

beforeAll(async () => {
  // Stands in for Astro's handler: it records what reaches it and answers at once.
  const astro = (req: IncomingMessage, res: ServerResponse) => {
    reached.push({ url: req.url ?? '', tooLarge: req.headers['x-body-too-large'] as string | undefined });
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('page');
  };
  const files = new Map([
    ['/returns', { type: 'text/html', body: Buffer.from('form'), etag: '"x"', cacheControl: 'no-cache' }],
  ]);
  server = createSiteServer(createSiteListener(files as never, astro));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());

/**
 * Posts a body of `announced` bytes, writing it a megabyte at a time for as long as the server
 * takes it, and returns the answer with how much was written before it came.
 */
function postHuge(path: string, announced: number, type: string) {
  return new Promise<{ status: number; headers: IncomingMessage['headers']; body: string; sent: number }>(
    (resolve, reject) => {
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      let sent = 0;
      let answered = false;
      const req = request(
        {
          port,
          host: '127.0.0.1',
          path,
          method: 'POST',
          headers: { 'Content-Type': type, 'Content-Length': announced, Origin: `http://127.0.0.1:${port}` },
        },
        (res) => {
          answered = true;
          let body = '';
          res.on('data', (part: Buffer) => (body += part.toString()));
          res.on('end', () => {
            // The rest of the body is not worth sending once the answer is in.
            req.destroy();
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sent });
          });
        },
      );
      req.on('error', (error) => (answered ? undefined : reject(error)));
      const pump = () => {
        while (!answered && sent < announced) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
      };
      pump();
    },
  );
}

describe('a body over its limit', () => {
  it('is refused on its announced length with a JSON 413 under /api/, never kept, memory flat', async () => {
    const before = process.memoryUsage().rss;
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => postHuge('/api/returns', 450 * 1024 * 1024, 'application/json')),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'payloadTooLarge' });
    }
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
    expect(reached.filter((r) => r.url.startsWith('/api/'))).toEqual([]);
  });

  it('brings the form posted without scripts to its page, marked too large and never read', async () => {
    const answer = await postHuge(
      `/returns?token=${tokens.noDriver}`,
      300 * 1024 * 1024,
      'application/x-www-form-urlencoded',
    );
    expect(answer.status).toBe(200);
    expect(reached.at(-1)).toEqual({ url: `/returns/submit?token=${tokens.noDriver}`, tooLarge: '1' });
  });

  it('lets a body within its limit through unmarked', async () => {
    const small = await fetch(`http://127.0.0.1:${port}/returns?token=abc`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=Jana',
    });
    expect(small.status).toBe(200);
    expect(reached.at(-1)).toEqual({ url: '/returns/submit?token=abc', tooLarge: undefined });
  });
});

describe('a path whose escapes do not decode', () => {
  it('is a JSON 400 under /api/ and never reaches Astro', async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/api/labels/%zz`);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code: 'badRequest' });
    expect(reached.filter((r) => r.url.includes('%zz'))).toEqual([]);
  });
});

describe('the form page reading a body sent in chunks', { timeout: 20_000 }, () => {
  let carrier: Awaited<ReturnType<typeof startTestCarrier>>;
  beforeAll(async () => {
    carrier = await startTestCarrier();
  });
  afterAll(() => carrier.stop());

  it('stops at the limit and answers the empty form with its message', async () => {
    const { deps } = await testDeps(carrier.carrier.url, apiKey, { timeoutMs: 10_000 });
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1024;
        controller.enqueue(new TextEncoder().encode(`name=${'x'.repeat(1019)}`));
      },
    });
    const outcome = await submitForm(
      deps,
      {
        request: new Request(`http://site.test/returns/submit?token=${tokens.noDriver}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: endless,
          duplex: 'half',
        } as RequestInit),
        clientAddress: '10.9.0.1',
        params: {},
      },
      'en',
    );
    expect(outcome).toMatchObject({ kind: 'form', status: 413, notice: 'tooLarge', values: { name: '' } });
    expect(pulled).toBeLessThan(64 * 1024);
  });
});
