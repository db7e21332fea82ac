import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { startLoggedServer } from '../e2e/loggedServer.ts';

/**
 * The per-client limit on creations (10 in 10 minutes) on a site configured as in production,
 * where a made-up X-Forwarded-For names nobody.
 * - Node: behind a proxy at 127.0.0.1 (TRUST_PROXY names it; a server of this spec's own), only
 *   that proxy may name the client. Each client connects from its own loopback address (the
 *   whole 127.0.0.0/8 is the local machine), the way senders reach a server from theirs.
 * - Edge: the client is the address Cloudflare puts in CF-Connecting-IP, which its clients cannot
 *   set; the local runtime passes on one a client sends, so here each client names itself there.
 */
let site: { url: string; stop: () => Promise<void> };
let edge = false;
test.beforeAll(async ({ baseURL }, testInfo) => {
  edge = testInfo.project.name === 'edge';
  site = edge
    ? { url: baseURL ?? '', stop: async () => undefined }
    : await startLoggedServer({ TRUST_PROXY: '127.0.0.1' });
});
test.afterAll(async () => site.stop());

function postReturn(from: string, forwardedFor: string): Promise<{ status: number; body: string }> {
  const url = new URL(site.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        ...(edge ? {} : { localAddress: from }),
        method: 'POST',
        path: '/api/returns',
        headers: {
          'Content-Type': 'application/json',
          'Idempotency-Key': crypto.randomUUID(),
          'X-Forwarded-For': forwardedFor,
          ...(edge && { 'CF-Connecting-IP': from }),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject).end(JSON.stringify(creation));
  });
}

/** A well-formed creation for one return link, sent without a human check: refused with 403 until the limit. */
const creation = {
  base64Token: 'hosting-rate-limit-link',
  prepaidDriverPickUp: false,
  labelless: false,
  sender: {
    name: 'Test Sender',
    contact: 'Test Sender',
    street: 'Americká 2222/42',
    zipCode: '30100',
    city: 'Plzeň',
    country: 'CZ',
    email: 'sender@example.cz',
  },
};

/** A loopback address no other test uses (never 127.0.0.1, the browsers' address). */
function loopbackClient(): string {
  const [a = 0, b = 0, c = 0] = crypto.getRandomValues(new Uint8Array(3));
  return `127.${(a % 200) + 50}.${b}.${(c % 250) + 2}`;
}

test('made-up X-Forwarded-For addresses do not escape the rate limit', async () => {
  const sender = loopbackClient();
  const statuses: number[] = [];
  for (let i = 1; i <= 15; i++) statuses.push((await postReturn(sender, `203.0.113.${i}`)).status);
  // Without a human check each try is refused (403) until the link's limit, then every further try is 429.
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
  expect(statuses.slice(10)).toEqual(Array(5).fill(429));
  const refused = await postReturn(sender, '198.51.100.1, 203.0.113.99');
  expect(refused.status).toBe(429);
  expect(JSON.parse(refused.body)).toMatchObject({ code: 'tooManyRequests' });

  // Another sender still gets through, even naming the first one.
  expect((await postReturn(loopbackClient(), sender)).status).toBe(403);
  // The Node server's proxy names its clients: the one it names is limited, not the proxy itself.
  if (!edge) {
    expect((await postReturn('127.0.0.1', sender)).status).toBe(429);
    expect((await postReturn('127.0.0.1', loopbackClient())).status).toBe(403);
  }
});
