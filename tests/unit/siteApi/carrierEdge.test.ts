import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postReturn } from '../../../src/server/api/createReturn.ts';
import { getLabel } from '../../../src/server/api/label.ts';
import { getStatus } from '../../../src/server/api/status.ts';
import { sender } from '../carrier/fixtures.ts';
import { startFakeCarrier } from './fakeCarrier.ts';
import { apiRequest, creationRequest, testDeps } from './harness.ts';

let carrier: Awaited<ReturnType<typeof startFakeCarrier>>;
beforeAll(async () => {
  carrier = await startFakeCarrier();
});
afterAll(() => carrier.close());
beforeEach(() => {
  carrier.setFault('ok');
  carrier.elsewhereRequests.length = 0;
});

const id = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const statusRequest = () => apiRequest(`/api/returns/${id}`, { params: { batchId: id } });
const labelRequest = () =>
  apiRequest(`/api/labels/${id}`, { params: { labelGuid: id }, headers: { 'X-Human-Check': 'human' } });
const creation = () =>
  creationRequest({
    base64Token: 'demo-kabelky-plzen-driver-pickup',
    prepaidDriverPickUp: false,
    labelless: false,
    sender,
  });

describe('site API against a carrier that redirects', () => {
  it.each([
    ['status', getStatus, statusRequest],
    ['createDormant', postReturn, creation],
    ['label', getLabel, labelRequest],
  ] as const)('answers 502 for %s and never sends the API key to the other host', async (call, run, req) => {
    carrier.setFault('redirect');
    const { deps, lines } = await testDeps(carrier.url, 'fake-key-0123456789');
    const res = await run(deps, req());
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      code: 'unexpectedError',
      message: 'An unexpected server error occurred.',
    });
    expect(carrier.served).toBe(1);
    expect(carrier.elsewhereRequests).toHaveLength(0);
    expect(lines).toContainEqual({
      level: 'error',
      code: 'apiException',
      fields: { call, status: 307, detail: 'redirect refused' },
    });
  });
});

describe('a label download from a carrier that stalls mid-file', () => {
  it('ends within the timeout with a clear 504 and one log line, instead of a broken PDF', async () => {
    carrier.setFault('stalled-pdf');
    const { deps, lines } = await testDeps(carrier.url, 'fake-key-0123456789', { timeoutMs: 400 });
    const started = performance.now();
    const res = await getLabel(deps, labelRequest());
    expect(res.status).toBe(504);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      code: 'gatewayTimeout',
      message: 'The carrier did not answer in time. Please try again.',
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(lines).toEqual([
      {
        level: 'error',
        code: 'networkException',
        fields: { call: 'label', detail: 'label stalled' },
      },
    ]);
  });

  it('still passes a whole label on, byte for byte, with its length', async () => {
    carrier.setFault('pdf');
    const { deps, lines } = await testDeps(carrier.url, 'fake-key-0123456789');
    const res = await getLabel(deps, labelRequest());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('20000');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.alloc(20000, 0x25));
    expect(lines).toEqual([]);
  });
});
