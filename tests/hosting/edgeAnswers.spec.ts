import { request, type IncomingHttpHeaders } from 'node:http';
import { expect, test, type TestInfo } from '@playwright/test';
import cs from '../../src/i18n/cs/index.ts';
import en from '../../src/i18n/en/index.ts';
import { translations } from '../../src/i18n/index.ts';
import { cultures, localizedPath, locales } from '../../src/lib/locales.ts';
import { refusedMethods } from './methods.ts';

/**
 * What the site answers before a page or an endpoint (an unknown method, a malformed path, a
 * body over its limit, a form from another site): JSON with a stable code under /api/, the form
 * page with its message for the plain form, and never a body read whole.
 */
const token = 'demo-kabelky-plzen-driver-pickup';
const megabyte = Buffer.alloc(1024 * 1024, 'a');

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A raw request: a fetch client would refuse TRACE and fix a malformed path. A body of `chunks`
 * parts of `chunk` is written for as long as the server takes it, with its length announced, or in
 * chunks when `chunked`.
 */
function send(
  base: string,
  method: string,
  path: string,
  options: { chunks?: number; chunk?: Buffer; chunked?: boolean; type?: string } = {},
): Promise<Answer> {
  const { chunks = 0, chunk = megabyte, chunked = false, type = 'application/json' } = options;
  const url = new URL(base);
  const headers: Record<string, string | number> = {
    Origin: base,
    'Content-Type': type,
    'Idempotency-Key': crypto.randomUUID(),
  };
  if (chunks && !chunked) headers['Content-Length'] = chunks * chunk.length;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => (body += part));
      res.on('end', () => {
        // The rest of the body is not worth sending once the answer is in.
        req.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    // The server may close the connection while the body is still going out: its answer counts.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    let written = 0;
    const pump = () => {
      while (!answered && written < chunks) {
        written += 1;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (written >= chunks) req.end();
    };
    pump();
  });
}

const json = (answer: Answer) => JSON.parse(answer.body) as { code: string };

test.describe('answers before a page or an endpoint', () => {
  let base = '';
  test.beforeEach(({ baseURL }) => {
    base = baseURL ?? '';
  });

  test('TRACE gets a 405 naming the allowed methods: JSON under /api/, text elsewhere', async ({}, testInfo) => {
    for (const method of refusedMethods(testInfo)) {
      const api = await send(base, method, '/api/countries');
      expect(api.status, method).toBe(405);
      expect(api.headers['allow']).toBe('GET, HEAD, POST');
      expect(api.headers['content-type']).toMatch(/^application\/json/);
      expect(json(api).code).toBe('methodNotAllowed');
      const health = await send(base, method, '/healthz');
      expect(health.status, method).toBe(405);
      expect(health.headers['allow']).toBe('GET, HEAD');
      expect(health.body).toBe('Method Not Allowed');
    }
  });

  test('/api itself and a path whose escapes do not decode are JSON answers', async () => {
    const bare = await send(base, 'GET', '/api');
    expect(bare.status).toBe(404);
    expect(json(bare).code).toBe('notFound');
    const malformed = await send(base, 'GET', '/api/labels/%zz');
    expect(malformed.status).toBe(400);
    expect(json(malformed).code).toBe('badRequest');
    expect(malformed.headers['cache-control']).toBe('no-store');
  });

  test('a plain form posted from another site gets its page back, empty, with the reason, in every language', async ({
    request: client,
  }) => {
    for (const locale of locales) {
      const name = `Cizí Odesílatel ${crypto.randomUUID().slice(0, 8)}`;
      const path = `${localizedPath(locale, '/returns')}?token=${token}&attempt=${crypto.randomUUID()}`;
      const answer = await client.post(path, {
        form: { name, street: 'Kumberská 12/1', zipCode: '31800', city: 'Plzeň', email: 'a@example.com' },
        headers: { Origin: 'https://elsewhere.example' },
        maxRedirects: 0,
      });
      expect(answer.status(), locale).toBe(403);
      expect(answer.headers()['content-type']).toMatch(/^text\/html/);
      const body = await answer.text();
      expect(body).toContain(`role="alert">${translations(locale).form.crossSite()}</p>`);
      // Nothing posted from elsewhere is taken over: the sender fills the form in here.
      expect(body).not.toContain(name);
      expect(body).toContain(`<html lang="${cultures[locale]}"`);
    }
  });

  /**
   * 64 MB, a body no sender sends, written for as long as the server takes it. At the edge 20 KB,
   * over the 16 KB limit, sent at once: Cloudflare refuses the largest bodies itself (100 MB and
   * more) before the worker runs, so the worker's own refusal is what a test there can see.
   */
  const huge = (testInfo: TestInfo) =>
    testInfo.project.name === 'edge' ? { chunks: 1, chunk: Buffer.alloc(20 * 1024, 'a') } : { chunks: 64 };
  const sendHuge = (testInfo: TestInfo, path: string, options: { chunked: boolean; type?: string }) =>
    send(base, 'POST', path, { ...huge(testInfo), ...options });

  for (const chunked of [false, true]) {
    const how = chunked ? 'sent in chunks' : 'with its length announced';
    test(`a body of 64 MB ${how} is refused under /api/ with a JSON 413`, async ({}, testInfo) => {
      const answer = await sendHuge(testInfo, '/api/returns', { chunked });
      expect(answer.status).toBe(413);
      expect(json(answer).code).toBe('payloadTooLarge');
    });

    test(`the plain form of 64 MB ${how} gets its page back with the message, in cs and en`, async ({}, testInfo) => {
      const type = 'application/x-www-form-urlencoded';
      for (const [path, texts] of [
        [`/returns?token=${token}`, cs],
        [`/en/returns?token=${token}`, en],
      ] as const) {
        const answer = await sendHuge(testInfo, path, { chunked, type });
        expect(answer.status).toBe(413);
        expect(answer.headers['content-type']).toMatch(/^text\/html/);
        // The message as the form shows it, not only among the island's strings.
        expect(answer.body).toContain(`role="alert">${texts.form.tooLarge}</p>`);
      }
    });
  }
});
