import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGetReady, getAlive } from '../../../src/server/api/health.ts';
import { startFakeCarrier } from './fakeCarrier.ts';
import { testDeps } from './harness.ts';

let carrier: Awaited<ReturnType<typeof startFakeCarrier>>;
beforeAll(async () => {
  carrier = await startFakeCarrier();
});
afterAll(() => carrier.close());
// A fresh probe per test: each remembers its own last answer.
let getReady: ReturnType<typeof createGetReady>;
beforeEach(() => {
  carrier.setFault('ok');
  getReady = createGetReady();
});

describe('health endpoints for a load balancer', () => {
  it('says the process is alive without asking anyone', async () => {
    const res = getAlive();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'alive' });
    expect(carrier.served).toBe(0);
  });

  it('is ready when the carrier answers, and asks it at most once in a few seconds', async () => {
    const { deps } = await testDeps(carrier.url, 'fake-key-0123456789');
    const answers = await Promise.all([getReady(deps, 1_000), getReady(deps, 1_000), getReady(deps, 3_000)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(await answers[0].json()).toEqual({ status: 'ready' });
    expect(carrier.served).toBe(1);
    expect(carrier.requests[0]!.headers['x-api-key']).toBe('fake-key-0123456789');
    await getReady(deps, 7_000);
    expect(carrier.served).toBe(2);
  });

  it('answers 503 with a stable code within two seconds when the carrier hangs', async () => {
    carrier.setFault('slow');
    const { deps } = await testDeps(carrier.url, 'fake-key-0123456789', { timeoutMs: 8_000 });
    const started = performance.now();
    const res = await getReady(deps);
    expect(performance.now() - started).toBeLessThan(2_800);
    expect(res.status).toBe(503);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({
      code: 'carrierUnreachable',
      message: 'The carrier API does not answer.',
    });
    expect(body).not.toContain('fake-key');
  });

  it('is not ready when the carrier answers with an error', async () => {
    carrier.setFault('500');
    const { deps, lines } = await testDeps(carrier.url, 'fake-key-0123456789');
    expect((await getReady(deps)).status).toBe(503);
    expect(lines).toContainEqual({
      level: 'error',
      code: 'apiException',
      fields: { call: 'ready', status: 500 },
    });
  });
});
