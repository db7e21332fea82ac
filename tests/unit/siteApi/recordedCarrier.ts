import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call of spec §7 as a carrier API answered it: what was asked, and the answer. */
export interface Exchange {
  call: string;
  request: {
    method: string;
    path: string;
    query?: Record<string, string>;
    contentType?: string;
    recaptcha?: boolean;
    body?: unknown;
  };
  response: { status: number; headers?: Record<string, string>; body?: unknown; base64Body?: string };
}

export const recorded: Exchange[] = (
  JSON.parse(readFileSync(new URL('../../fixtures/carrier/recorded.json', import.meta.url), 'utf8')) as {
    exchanges: Exchange[];
  }
).exchanges;

/** A request as the recorded carrier heard it. */
export interface Heard {
  call: string | undefined;
  headers: IncomingMessage['headers'];
  body: unknown;
}

const sameQuery = (url: URL, query: Record<string, string> = {}) =>
  JSON.stringify([...url.searchParams].sort()) === JSON.stringify(Object.entries(query).sort());

/**
 * A carrier that only replays the recorded answers: a request that matches no recording by method,
 * path and query gets 404, as from a carrier that has no such resource. What it heard is kept.
 */
export async function startRecordedCarrier() {
  const heard: Heard[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://carrier.test');
      const found = recorded.find(
        ({ request }) =>
          request.method === req.method && request.path === url.pathname && sameQuery(url, request.query),
      );
      const text = Buffer.concat(chunks).toString('utf8');
      heard.push({ call: found?.call, headers: req.headers, body: text ? JSON.parse(text) : undefined });
      if (!found)
        return void res
          .writeHead(404, { 'Content-Type': 'application/json' })
          .end('{"code":"notFound","message":"No such resource."}');
      const { status, headers, body, base64Body } = found.response;
      res
        .writeHead(status, headers ?? { 'Content-Type': 'application/json' })
        .end(base64Body ? Buffer.from(base64Body, 'base64') : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    heard,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
