import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCarrierClient } from '../../../src/server/carrier/client.ts';
import { startFakeCarrier, type Fault } from '../siteApi/fakeCarrier.ts';
import { recordingLogger } from '../siteApi/harness.ts';
import { growth } from './series.ts';

let carrier: Awaited<ReturnType<typeof startFakeCarrier>>;
beforeAll(async () => {
  carrier = await startFakeCarrier();
});
afterAll(() => carrier.close());

const batchId = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const ctx = { culture: 'en-US' } as const;
const client = () =>
  createCarrierClient({
    baseUrl: carrier.url,
    apiKey: 'fake-key-0123456789',
    appName: 'portal-test',
    appVersion: '9.9.9',
    timeoutMs: 300,
    log: recordingLogger().logger,
  });

/** How the metrics of the `status` call grow while it runs against a carrier with `fault`. */
async function statusCallWith(fault: Fault) {
  carrier.setFault(fault);
  const kinds = ['timeout', 'network', '3xx', '4xx', '5xx', 'invalid'] as const;
  return growth(
    {
      timed: ['returns_carrier_call_duration_seconds_count', { call: 'status' }],
      ...Object.fromEntries(
        kinds.map((kind) => [kind, ['returns_carrier_errors_total', { call: 'status', kind }]]),
      ),
    },
    () =>
      client()
        .status(batchId, ctx)
        .catch(() => undefined),
  );
}

const none = { timeout: 0, network: 0, '3xx': 0, '4xx': 0, '5xx': 0, invalid: 0 };

describe('carrier calls in the metrics', () => {
  it('times a call that succeeds and counts no error', async () => {
    expect(await statusCallWith('ok')).toEqual({ timed: 1, ...none });
  });

  it('counts a call that succeeds on its retry once, without an error', async () => {
    expect(await statusCallWith('503-once')).toEqual({ timed: 1, ...none });
  });

  it.each([
    ['slow', 'timeout'],
    ['reset', 'network'],
    ['500', '5xx'],
    ['503', '5xx'],
    ['redirect', '3xx'],
    ['malformed', 'invalid'],
    ['html', 'invalid'],
    ['wrong-shape', 'invalid'],
    ['oversized', 'invalid'],
  ] as const)('times a call that fails with %s and counts its error as %s', async (fault, kind) => {
    expect(await statusCallWith(fault)).toEqual({ timed: 1, ...none, [kind]: 1 });
  });

  it('observes the time the call took, its timeout included', async () => {
    carrier.setFault('slow');
    const grew = await growth(
      {
        under: ['returns_carrier_call_duration_seconds_bucket', { call: 'countries', le: '0.25' }],
        within: ['returns_carrier_call_duration_seconds_bucket', { call: 'countries', le: '2' }],
      },
      () =>
        client()
          .countries(ctx)
          .catch(() => undefined),
    );
    expect(grew).toEqual({ under: 0, within: 1 });
  });

  it('counts a label that stalls mid-file as a timeout of the label call', async () => {
    carrier.setFault('stalled-pdf');
    const grew = await growth(
      { timeout: ['returns_carrier_errors_total', { call: 'label', kind: 'timeout' }] },
      () =>
        client()
          .label(batchId, { humanToken: 'human', format: 'label' }, ctx)
          .catch(() => undefined),
    );
    expect(grew).toEqual({ timeout: 1 });
  });

  it('counts an unready carrier under the readiness probe, though the probe answers false', async () => {
    carrier.setFault('500');
    const grew = await growth(
      { failed: ['returns_carrier_errors_total', { call: 'ready', kind: '5xx' }] },
      async () => expect(await client().reachable(300)).toBe(false),
    );
    expect(grew).toEqual({ failed: 1 });
  });

  it('counts no carrier call for an id refused before it leaves the site', async () => {
    carrier.setFault('ok');
    const grew = await growth(
      { timed: ['returns_carrier_call_duration_seconds_count', { call: 'status' }] },
      async () => expect(() => client().status('../../admin', ctx)).toThrow('The batch id is not valid.'),
    );
    expect(grew).toEqual({ timed: 0 });
    expect(carrier.served).toBe(0);
  });
});
