import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReturnPage } from '../../../carrier/store/returnPages.ts';
import { getAddressSuggestions } from '../../../src/server/api/addresses.ts';
import { createGetCountries } from '../../../src/server/api/countries.ts';
import { postReturn } from '../../../src/server/api/createReturn.ts';
import type { ApiDeps } from '../../../src/server/api/deps.ts';
import { getLabel } from '../../../src/server/api/label.ts';
import { labelFilename } from '../../../src/lib/labelFilename.ts';
import { getReturnPage } from '../../../src/server/api/returnPage.ts';
import { getStatus } from '../../../src/server/api/status.ts';
import { defaultLimits } from '../../../src/server/rateLimits.ts';
import { apiKey, sender, startTestCarrier, tokens } from '../carrier/harness.ts';
import { apiRequest, creationRequest, testDeps } from './harness.ts';

let stop: () => Promise<void>;
let drained: () => Promise<void>;
let deps: ApiDeps;
let carrierUrl: string;
let carrierDb: DatabaseSync;

beforeAll(async () => {
  const started = await startTestCarrier();
  stop = started.stop;
  carrierUrl = started.carrier.url;
  carrierDb = started.carrier.db;
  drained = async () => {
    started.carrier.worker.kick();
    await started.carrier.worker.drained();
  };
  ({ deps } = await testDeps(carrierUrl, apiKey));
});
afterAll(() => stop());

const creation = (overrides: Record<string, unknown> = {}) => ({
  base64Token: tokens.driver,
  prepaidDriverPickUp: true,
  labelless: false,
  sender,
  // The island sends it once the sender confirmed the charged driver pickup in its dialog.
  paidServiceConfirmed: true,
  ...overrides,
});

const post = (body: unknown, headers: Record<string, string> = {}, client?: string) =>
  postReturn(deps, creationRequest(body, headers, client));

async function completedLabelGuid(): Promise<string> {
  const { batchId } = (await (await post(creation())).json()) as { batchId: string };
  await drained();
  const status = (await (
    await getStatus(deps, apiRequest(`/api/returns/${batchId}`, { params: { batchId } }))
  ).json()) as {
    labelGuid: string;
  };
  return status.labelGuid;
}

describe('GET /api/return-page', () => {
  it('gives the return page of a valid token', async () => {
    const res = await getReturnPage(deps, apiRequest(`/api/return-page?token=${tokens.connect}`));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      prepaidDriverPickUp: true,
      returnAddresses: [{ addressType: 'Default' }, { addressType: 'ReturnConnect' }],
    });
  });

  it("finds the page of a token whose '+' was pasted unescaped, so it arrives as a space", async () => {
    const token = '+plus+Token/with+pluses+';
    const page = createReturnPage(carrierDb, {
      token,
      title: 'Plus',
      prepaidDriverPickUp: false,
      returnAddresses: [
        {
          addressType: 'Default',
          name: 'Plus s.r.o.',
          street: 'Kumberská 12/1',
          zipCode: '31800',
          city: 'Plzeň',
          country: 'CZ',
        },
      ],
    });
    const res = await getReturnPage(deps, apiRequest(`/api/return-page?token=${token}`));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(page.page);
  });

  it.each(['', 'short', 'unknownTokenUnknownToken', '../../etc/passwd', 'a%2Fb%2Fc%2Fd%2Fe%2Ff%2Fg'])(
    'answers 404 returnPageNotFound for %j',
    async (token) => {
      const res = await getReturnPage(deps, apiRequest(`/api/return-page?token=${token}`));
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'returnPageNotFound' });
    },
  );
});

describe('GET /api/countries', () => {
  it('serves the list and caches it for an hour', async () => {
    const getCountries = createGetCountries();
    let calls = 0;
    const counting: ApiDeps = {
      ...deps,
      carrier: { ...deps.carrier, countries: (ctx) => ((calls += 1), deps.carrier.countries(ctx)) },
    };
    const first = await getCountries(counting, apiRequest('/api/countries'));
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(((await first.json()) as unknown[]).length).toBe(249);
    await getCountries(counting, apiRequest('/api/countries'));
    expect(calls).toBe(1);
    await getCountries(counting, apiRequest('/api/countries'), Date.now() + 2 * 60 * 60 * 1000);
    expect(calls).toBe(2);
  });
});

describe('GET /api/addresses', () => {
  it('suggests Czech addresses and nothing for other countries', async () => {
    const cz = await getAddressSuggestions(deps, apiRequest('/api/addresses?street=kumb&calledFrom=Street'));
    expect(((await cz.json()) as { street: string }[])[0]?.street).toBe('Kumberská');
    const sk = await getAddressSuggestions(
      deps,
      apiRequest('/api/addresses?street=kumb&calledFrom=Street&country=SK'),
    );
    expect(await sk.json()).toEqual([]);
  });

  it('refuses a bad query with the fields named', async () => {
    const res = await getAddressSuggestions(
      deps,
      apiRequest(`/api/addresses?street=${'x'.repeat(101)}&calledFrom=Nope`),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: { path: string }[] };
    expect(body.fields.map((f) => f.path).sort()).toEqual(['calledFrom', 'street']);
  });

  it('limits how fast one client may ask', { timeout: 30_000 }, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < defaultLimits.suggestions.points + 5; i += 1) {
      statuses.push(
        (
          await getAddressSuggestions(
            deps,
            apiRequest('/api/addresses?city=pl&calledFrom=City', { client: '192.0.2.7' }),
          )
        ).status,
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(defaultLimits.suggestions.points);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('POST /api/returns', () => {
  it('creates a return: 202 with a batch id', async () => {
    const res = await post(creation());
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ batchId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('creates one return for a double submit with the same idempotency key', async () => {
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([
      post(creation(), { 'Idempotency-Key': key }),
      post(creation(), { 'Idempotency-Key': key }),
    ]);
    const [first, second] = [
      (await a.json()) as { batchId: string },
      (await b.json()) as { batchId: string },
    ];
    expect(first.batchId).toBe(second.batchId);
  });

  it('refuses a request without a valid human check or idempotency key', async () => {
    expect(await (await post(creation(), { 'X-Human-Check': '' })).json()).toMatchObject({
      code: 'humanCheckMissing',
    });
    const forged = await post(creation(), { 'X-Human-Check': 'robot' });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ code: 'humanCheckInvalid' });
    expect(await (await post(creation(), { 'Idempotency-Key': 'not-a-uuid' })).json()).toMatchObject({
      code: 'idempotencyKeyMissing',
    });
  });

  it('parses the body again: bad JSON, wrong types, missing and oversized fields', async () => {
    expect(await (await post('{"oops"')).json()).toMatchObject({ code: 'invalidJson' });
    expect((await post(creation(), { 'Content-Type': 'text/plain' })).status).toBe(415);
    const bad = await post(
      creation({ labelless: 'no', sender: { ...sender, email: 'x@', city: undefined, phone: 7 } }),
    );
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as { fields: { path: string }[] }).fields.map((f) => f.path).sort();
    expect(fields).toEqual(['labelless', 'sender.city', 'sender.email', 'sender.phone']);
    const huge = await post(creation({ customerReference: 'x'.repeat(20_000) }));
    expect(huge.status).toBe(413);
  });

  it('refuses the choices the country or the link does not allow, before the carrier hears of them', async () => {
    const abroad = await post(
      creation({ labelless: true, prepaidDriverPickUp: false, sender: { ...sender, country: 'DE' } }),
    );
    expect(abroad.status).toBe(400);
    expect(await abroad.json()).toMatchObject({
      code: 'choiceNotAllowed',
      fields: [{ path: 'labelless' }],
    });
    const noDriver = await post(creation({ base64Token: tokens.noDriver }));
    expect(await noDriver.json()).toMatchObject({
      code: 'choiceNotAllowed',
      fields: [{ path: 'prepaidDriverPickUp' }],
    });
    const unknown = await post(creation({ sender: { ...sender, country: 'XX' } }));
    const unknownFields = ((await unknown.json()) as { fields: { path: string }[] }).fields;
    expect(unknownFields.map((field) => field.path)).toContain('sender.country');
  });

  it('refuses a driver pickup whose charge the sender did not confirm', async () => {
    const res = await post(creation({ paidServiceConfirmed: undefined }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'paidServiceNotConfirmed' });
  });

  // Eleven real creations: more than the default five seconds on a busy machine.
  it('limits creations per client and return link', { timeout: 30_000 }, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await post(creation(), {}, '198.51.100.9')).status);
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('GET /api/returns/{batchId} and /api/labels/{labelGuid}', () => {
  it.each(['', 'abc', '..%2F..%2Fsecret', '../../etc', 'AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE/x'])(
    'refuses the id %j before calling the carrier',
    async (id) => {
      let called = false;
      const watching: ApiDeps = {
        ...deps,
        carrier: { ...deps.carrier, status: (...args) => ((called = true), deps.carrier.status(...args)) },
      };
      const res = await getStatus(watching, apiRequest('/api/returns/x', { params: { batchId: id } }));
      expect(res.status).toBe(400);
      const label = await getLabel(
        deps,
        apiRequest('/api/labels/x', { params: { labelGuid: id }, headers: { 'X-Human-Check': 'human' } }),
      );
      expect(label.status).toBe(400);
      expect(called).toBe(false);
    },
  );

  it('answers 404 for unknown ids', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(await (await getStatus(deps, apiRequest('/x', { params: { batchId: id } }))).json()).toMatchObject(
      { code: 'batchNotFound' },
    );
    const label = await getLabel(
      deps,
      apiRequest('/x', { params: { labelGuid: id }, headers: { 'X-Human-Check': 'human' } }),
    );
    expect(await label.json()).toMatchObject({ code: 'labelNotFound' });
  });

  it('streams the label with its file name, and needs a human check', async () => {
    const labelGuid = await completedLabelGuid();
    expect((await getLabel(deps, apiRequest('/x', { params: { labelGuid } }))).status).toBe(403);
    const res = await getLabel(
      deps,
      apiRequest('/x', { params: { labelGuid }, headers: { 'X-Human-Check': 'human' } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="return-label-1\d{13}\.pdf"$/,
    );
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(res.headers.get('content-length'))).toBe(pdf.length);
    const part = await getLabel(
      deps,
      apiRequest('/x', { params: { labelGuid }, headers: { 'X-Human-Check': 'human', Range: 'bytes=0-9' } }),
    );
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(pdf.subarray(0, 10));
  });

  it('names the file label.pdf when the carrier gives no usable name', () => {
    expect(labelFilename(null)).toBe('label.pdf');
    expect(labelFilename('attachment; filename="../../x.pdf"')).toBe('label.pdf');
    expect(labelFilename('attachment; filename="ok-1.pdf"')).toBe('ok-1.pdf');
  });
});
