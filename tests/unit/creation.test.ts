import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postReturn } from '../../src/server/api/createReturn.ts';
import type { ApiDeps } from '../../src/server/api/deps.ts';
import { createReturn, type Creation } from '../../src/server/creation.ts';
import { submitForm } from '../../src/server/form/submitForm.ts';
import { emptySenderForm, type SenderFormValues } from '../../src/lib/senderForm.ts';
import { apiKey, sender, startTestCarrier, tokens } from './carrier/harness.ts';
import { creationRequest, formPost, testDeps } from './siteApi/harness.ts';

/**
 * POST /api/returns and the form posted without scripts create a return through one function:
 * the same schema, choices, confirmation, limits and idempotency, whichever path a sender takes.
 */

let stop: () => Promise<void>;
let deps: ApiDeps;
let created: () => number;

beforeAll(async () => {
  const started = await startTestCarrier();
  stop = started.stop;
  ({ deps } = await testDeps(started.carrier.url, apiKey));
  const count = started.carrier.db.prepare('SELECT COUNT(*) AS n FROM returns');
  created = () => Number((count.get() as { n: number | bigint }).n);
});
afterAll(() => stop());

const request = (overrides: Record<string, unknown> = {}) => ({
  base64Token: tokens.driver,
  prepaidDriverPickUp: false,
  labelless: false,
  sender,
  ...overrides,
});

const creation = (overrides: Partial<Creation> = {}): Creation => ({
  request: request(),
  paidServiceConfirmed: false,
  idempotencyKey: crypto.randomUUID(),
  proof: { kind: 'humanCheck' },
  path: 'api',
  ctx: { culture: 'cs-CZ' },
  ...overrides,
});

const island = (client: string) => creationRequest({}, {}, client);

const formValues: SenderFormValues = {
  ...emptySenderForm,
  labelType: 'label',
  name: sender.name,
  street: sender.street,
  zipCode: sender.zipCode,
  city: sender.city,
  email: sender.email,
  termsAccepted: true,
  termsAcceptedBussiness: true,
};

describe('the one creation function', () => {
  it('asks for the paid confirmation before it spends a limit or a human check', async () => {
    const before = created();
    for (let i = 0; i < 20; i += 1) {
      const outcome = await createReturn(
        deps,
        island('203.0.113.1'),
        creation({ request: request({ prepaidDriverPickUp: true }) }),
      );
      expect(outcome).toEqual({ kind: 'unconfirmed' });
    }
    // Twenty unconfirmed requests did not use up the address's ten creations.
    const confirmed = await createReturn(
      deps,
      island('203.0.113.1'),
      creation({ request: request({ prepaidDriverPickUp: true }), paidServiceConfirmed: true }),
    );
    expect(confirmed.kind).toBe('created');
    expect(created()).toBe(before + 1);
  });

  it('refuses the spec’s choices on either proof, and the carrier never hears of them', async () => {
    const before = created();
    const abroadQr = request({ labelless: true, sender: { ...sender, country: 'DE' } });
    const noDriver = request({ base64Token: tokens.noDriver, prepaidDriverPickUp: true });
    const noScript = { kind: 'noScript', body: new URLSearchParams() } as const;
    for (const proof of [{ kind: 'humanCheck' } as const, noScript]) {
      expect(await createReturn(deps, island('203.0.113.2'), creation({ proof, request: abroadQr }))).toEqual(
        {
          kind: 'choiceNotAllowed',
          paths: ['labelless'],
        },
      );
      expect(
        await createReturn(
          deps,
          island('203.0.113.2'),
          creation({ proof, request: noDriver, paidServiceConfirmed: true }),
        ),
      ).toEqual({ kind: 'choiceNotAllowed', paths: ['prepaidDriverPickUp'] });
    }
    expect(created()).toBe(before);
  });

  it('answers an unknown link as not found on either path', async () => {
    const unknown = request({ base64Token: 'bm8tc3VjaC1yZXR1cm4tcGFnZQ' });
    expect(await createReturn(deps, island('203.0.113.3'), creation({ request: unknown }))).toEqual({
      kind: 'notFound',
    });
    const api = await postReturn(deps, creationRequest(unknown, {}, '203.0.113.3'));
    expect(api.status).toBe(404);
  });

  it('counts one limit per link and address across both paths', { timeout: 30_000 }, async () => {
    const address = '198.51.100.77';
    const token = tokens.noDriver;
    for (let i = 0; i < 8; i += 1) {
      const api = await postReturn(deps, creationRequest(request({ base64Token: token }), {}, address));
      expect(api.status).toBe(202);
    }
    const outcomes: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const posted = await submitForm(
        deps,
        formPost(
          `token=${encodeURIComponent(token)}&attempt=${crypto.randomUUID()}`,
          formValues,
          {},
          address,
        ),
        'en',
      );
      outcomes.push(posted.kind === 'form' ? String(posted.status) : posted.kind);
    }
    // Ten creations per link and address (src/server/rateLimits.ts): eight by the island, two by
    // the form (within the form's own three), then 429.
    expect(outcomes).toEqual(['redirect', 'redirect', '429']);
  });
});
