import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDeps } from '../../src/server/api/deps.ts';
import { submitForm, type FormOutcome } from '../../src/server/form/submitForm.ts';
import { createRateLimits } from '../../src/server/rateLimits.ts';
import { emptySenderForm, type SenderFormValues } from '../../src/lib/senderForm.ts';
import { createReturnPage } from '../../carrier/store/returnPages.ts';
import type { ReturnAddress } from '@parcel-returns/contract';
import { apiKey, startTestCarrier, tokens } from './carrier/harness.ts';
import { formPost as post, testDeps } from './siteApi/harness.ts';

const sender: SenderFormValues = {
  ...emptySenderForm,
  labelType: 'label',
  name: 'Jana Nováková',
  street: 'Kumberská 12/1',
  city: 'Plzeň',
  zipCode: '31800',
  email: 'jana@example.cz',
  termsAccepted: true,
  termsAcceptedBussiness: true,
};

const location = (outcome: FormOutcome) => (outcome.kind === 'redirect' ? outcome.location : outcome.kind);

describe('the form posted without scripts, against a real carrier', { timeout: 30_000 }, () => {
  let carrier: Awaited<ReturnType<typeof startTestCarrier>>;
  let deps: ApiDeps;
  const link = `token=${tokens.driver}`;

  beforeAll(async () => {
    carrier = await startTestCarrier();
    ({ deps } = await testDeps(carrier.carrier.url, apiKey, { timeoutMs: 10_000 }));
  });
  afterAll(() => carrier.stop());

  it('creates one return for a form of one attempt sent twice, and a second one for another attempt', async () => {
    const attempt = `${link}&attempt=${crypto.randomUUID()}`;
    const first = location(await submitForm(deps, post(attempt, sender), 'cs'));
    // The sender's postcode goes along for 'Where to take it' (decision 038), never the street.
    expect(first).toMatch(
      /^\/returns\/sent\/[0-9a-f-]{36}\?token=.+&type=label&handover=pickupPoint&near=31800$/,
    );
    expect(location(await submitForm(deps, post(attempt, sender), 'cs'))).toBe(first);
    const batchOf = (sent: string) => sent.split('?')[0]?.split('/').at(-1);
    const another = location(
      await submitForm(deps, post(`${link}&attempt=${crypto.randomUUID()}`, sender), 'en'),
    );
    expect(another).toMatch(/^\/en\/returns\/sent\//);
    expect(batchOf(another)).not.toBe(batchOf(first));
    // A post without an attempt (a page from before them) is an attempt of its own.
    expect(batchOf(location(await submitForm(deps, post(link, sender), 'cs')))).not.toBe(batchOf(first));
  });

  it('asks to confirm driver pickup, keeps every value, and Cancel brings back the pick-up point', async () => {
    const driver = { ...sender, handover: 'driver' } as const;
    expect(await submitForm(deps, post(link, driver), 'cs')).toEqual({
      kind: 'confirm',
      token: tokens.driver,
      page: expect.anything(),
      values: driver,
    });
    const cancelled = await submitForm(deps, post(link, driver, { paidConfirmed: 'cancel' }), 'cs');
    expect(cancelled).toMatchObject({
      kind: 'form',
      status: 200,
      values: { ...driver, handover: 'pickupPoint' },
    });
    const confirmed = await submitForm(deps, post(link, driver, { paidConfirmed: 'yes' }), 'cs');
    expect(location(confirmed)).toMatch(/handover=driver$/);
  });

  it('sends an unknown link to the not-found page and answers errors with the form', async () => {
    expect(location(await submitForm(deps, post('token=no-such-page-token-000', sender), 'en'))).toBe(
      '/en/returns/page-not-found',
    );
    expect(location(await submitForm(deps, post('', sender), 'cs'))).toBe('/returns/page-not-found');
    const invalid = await submitForm(deps, post(link, { ...sender, email: 'jana@' }), 'cs');
    expect(invalid).toMatchObject({ kind: 'form', status: 200, errors: { email: 'errorEmail' } });
  });

  it('reads a token whose + arrived as a space, as the page does, and creates the return', async () => {
    const plus = '++++AQID+/AQCQgHBgUEAwI=';
    const stored = carrier.carrier.db.prepare('SELECT addresses FROM return_pages WHERE token = ?');
    const { addresses } = stored.get(tokens.noDriver) as { addresses: string };
    createReturnPage(carrier.carrier.db, {
      title: 'Plus',
      prepaidDriverPickUp: false,
      returnAddresses: JSON.parse(addresses) as ReturnAddress[],
      token: plus,
    });
    // The link as a mail client or a chat app may deliver it: '+' unescaped, read back as a space.
    const outcome = location(await submitForm(deps, post(`token=${plus}`, sender), 'en'));
    expect(outcome).toMatch(
      /^\/en\/returns\/sent\/[0-9a-f-]{36}\?token=%2B%2B%2B%2BAQID%2B%2FAQCQgHBgUEAwI%3D&/,
    );
  });

  it('creates nothing when the trap field is filled', async () => {
    const trapped = await submitForm(deps, post(link, sender, { website: 'https://spam.example' }), 'cs');
    expect(trapped).toMatchObject({ kind: 'form', notice: 'creationFailed', values: sender });
  });

  it('answers a form posted from another site, or naming no site, with the empty form and the reason', async () => {
    for (const origin of ['https://elsewhere.example', undefined]) {
      const attempt = `${link}&attempt=${crypto.randomUUID()}`;
      const { request, ...rest } = post(attempt, { ...sender, name: 'Cizí Stránka' });
      const headers = new Headers(request.headers);
      if (origin) headers.set('Origin', origin);
      else headers.delete('Origin');
      const foreign = new Request(request, { headers });
      const refused = await submitForm(deps, { ...rest, request: foreign }, 'cs');
      expect(refused).toMatchObject({
        kind: 'form',
        status: 403,
        notice: 'crossSite',
        values: emptySenderForm,
      });
      // Nothing of it was sent on: the same attempt from the site's own page makes the return.
      expect(location(await submitForm(deps, post(attempt, sender), 'cs'))).toMatch(/^\/returns\/sent\//);
    }
  });

  it('asks for JavaScript, every value kept, when the operator switched the policy off', async () => {
    const off = { ...deps, noScriptSubmissions: false };
    const refused = await submitForm(off, post(link, { ...sender, name: 'Off Policy' }), 'cs');
    expect(refused).toMatchObject({
      kind: 'form',
      notice: 'scriptsRequired',
      values: { name: 'Off Policy' },
    });
  });

  it('holds forms without scripts to stricter limits than the island', async () => {
    const strict = {
      ...deps,
      limits: createRateLimits({
        limits: { noScriptPerLink: { points: 1, duration: 600 } },
      }),
    };
    const from = '10.2.0.1';
    const one = await submitForm(strict, post(link, { ...sender, name: 'Limit One' }, {}, from), 'cs');
    expect(one.kind).toBe('redirect');
    const two = await submitForm(strict, post(link, { ...sender, name: 'Limit Two' }, {}, from), 'cs');
    expect(two).toMatchObject({
      kind: 'form',
      status: 429,
      notice: 'tooManyRequests',
      values: { name: 'Limit Two' },
    });
    expect(two.kind === 'form' && two.retryAfterSeconds).toBeGreaterThan(0);
  });
});
