import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getStatus } from '../../../src/server/api/status.ts';
import { postReturn } from '../../../src/server/api/createReturn.ts';
import { sender } from '../carrier/fixtures.ts';
import { startFakeCarrier, type Fault } from './fakeCarrier.ts';
import { apiRequest, creationRequest, testDeps } from './harness.ts';

let carrier: Awaited<ReturnType<typeof startFakeCarrier>>;
beforeAll(async () => {
  carrier = await startFakeCarrier();
});
afterAll(() => carrier.close());
beforeEach(() => carrier.setFault('ok'));

const batchId = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

async function statusWith(fault: Fault, timeoutMs = 2_000) {
  carrier.setFault(fault);
  const { deps, lines } = await testDeps(carrier.url, 'fake-key-0123456789', { timeoutMs });
  const started = performance.now();
  const res = await getStatus(
    deps,
    apiRequest(`/api/returns/${batchId}`, { params: { batchId }, headers: { 'Accept-Language': 'en-US' } }),
  );
  return { res, body: (await res.json()) as Record<string, unknown>, ms: performance.now() - started, lines };
}

describe('site API against a carrier that fails', () => {
  it('passes a healthy answer through and sends the required headers upstream', async () => {
    const { res, body } = await statusWith('ok');
    expect(res.status).toBe(200);
    expect(body).toEqual({ importState: 'Complete', labelGuid: '11111111-2222-4333-8444-555555555555' });
    const headers = carrier.requests[0]!.headers;
    expect(headers).toMatchObject({
      'x-api-key': 'fake-key-0123456789',
      'x-application-name': 'portal-test',
      'x-application-version': '9.9.9',
      'cache-control': 'no-cache',
      'accept-language': 'en-US',
    });
    expect(carrier.requests[0]!.url).toBe(`/ReturnPage/dormant/status/${batchId}`);
  });

  it('gives a clear 504 within the timeout when the carrier is slow', async () => {
    const { res, body, ms, lines } = await statusWith('slow', 300);
    expect(res.status).toBe(504);
    expect(body).toMatchObject({ code: 'gatewayTimeout' });
    expect(ms).toBeLessThan(2_000);
    expect(lines).toContainEqual(expect.objectContaining({ code: 'networkException' }));
  });

  it('maps a carrier 500 to internalServerError without its body', async () => {
    const { res, body, lines } = await statusWith('500');
    expect(res.status).toBe(502);
    expect(body).toEqual({ code: 'internalServerError', message: 'The carrier had an internal error.' });
    expect(JSON.stringify(body)).not.toContain('secret upstream detail');
    expect(lines).toContainEqual(
      expect.objectContaining({ code: 'apiException', fields: { call: 'status', status: 500 } }),
    );
  });

  it('retries an idempotent call once after a 503, and reports a lasting 503', async () => {
    const once = await statusWith('503-once');
    expect(once.res.status).toBe(200);
    expect(carrier.served).toBe(2);
    const lasting = await statusWith('503');
    expect(lasting.res.status).toBe(503);
    expect(lasting.body).toMatchObject({ code: 'serviceUnavailable' });
    expect(carrier.served).toBe(2);
  });

  it('retries once after a reset connection, and reports a lasting one as networkError', async () => {
    expect((await statusWith('reset-once')).res.status).toBe(200);
    const lasting = await statusWith('reset');
    expect(lasting.res.status).toBe(502);
    expect(lasting.body).toMatchObject({ code: 'networkError' });
  });

  it.each<[Fault, string]>([
    ['malformed', 'malformed JSON'],
    ['oversized', 'oversized'],
    ['html', 'not JSON'],
    ['wrong-shape', 'answer does not match the contract'],
  ])('answers a broken carrier answer (%s) with the unexpected-error message', async (fault, detail) => {
    const { res, body, lines } = await statusWith(fault);
    expect(res.status).toBe(502);
    expect(body).toEqual({ code: 'unexpectedError', message: 'An unexpected server error occurred.' });
    expect(lines).toContainEqual(
      expect.objectContaining({ code: 'unknownError', fields: expect.objectContaining({ detail }) }),
    );
  });

  it('never retries a creation, so a flaky network cannot create two returns through the site', async () => {
    carrier.setFault('503');
    const { deps } = await testDeps(carrier.url, 'fake-key-0123456789');
    const res = await postReturn(
      deps,
      creationRequest({
        base64Token: 'demo-kabelky-plzen-driver-pickup',
        prepaidDriverPickUp: false,
        labelless: false,
        sender,
      }),
    );
    expect(res.status).toBe(503);
    expect(carrier.served).toBe(1);
    expect(carrier.requests[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(carrier.requests[0]!.headers['x-recaptcha-token']).toBe('human');
  });

  it('passes the session bearer token on when the browser has one', async () => {
    carrier.setFault('ok');
    const { deps } = await testDeps(carrier.url, 'fake-key-0123456789');
    await getStatus(
      deps,
      apiRequest(`/api/returns/${batchId}`, {
        params: { batchId },
        headers: { Authorization: 'Bearer abc.def-123' },
      }),
    );
    await getStatus(
      deps,
      apiRequest(`/api/returns/${batchId}`, {
        params: { batchId },
        headers: { Authorization: 'Bearer has spaces inside' },
      }),
    );
    expect(carrier.requests.map((r) => r.headers['authorization'])).toEqual([
      'Bearer abc.def-123',
      undefined,
    ]);
  });
});
