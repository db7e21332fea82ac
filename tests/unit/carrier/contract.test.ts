import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { countrySchema, importStatusSchema, returnPageSchema } from '@parcel-returns/contract';
import { getCaughtAttachment, getCaughtMail, listCaughtMails } from '../../../carrier/mail/catcher.ts';
import { createReturnPage } from '../../../carrier/store/returnPages.ts';
import { apiKey, sender, startTestCarrier, tokens } from './harness.ts';

let base: string;
let db: DatabaseSync;
let stop: () => Promise<void>;
let drained: () => Promise<void>;

beforeAll(async () => {
  const started = await startTestCarrier();
  base = started.carrier.url;
  db = started.carrier.db;
  stop = started.stop;
  drained = async () => {
    started.carrier.worker.kick();
    await started.carrier.worker.drained();
    await started.carrier.dispatcher.drained();
  };
});
afterAll(() => stop());

const auth = {
  'X-Api-Key': apiKey,
  'X-Application-Name': 'returns-portal',
  'X-Application-Version': '1.0.0',
};
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(base + path, { headers: { ...auth, ...headers } });
const create = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/ReturnPage/dormant`, {
    method: 'POST',
    headers: {
      ...auth,
      'Content-Type': 'application/json-patch+json',
      'X-Recaptcha-Token': 'human',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const returnAddresses = [
  {
    addressType: 'Default' as const,
    name: 'Plus s.r.o.',
    street: 'Kumberská 12/1',
    zipCode: '31800',
    city: 'Plzeň',
    country: 'CZ',
  },
];
const request = (overrides: Record<string, unknown> = {}) => ({
  base64Token: tokens.driver,
  prepaidDriverPickUp: false,
  labelless: false,
  sender,
  customerReference: 'OBJ-2026-001',
  ...overrides,
});

describe('carrier API: authentication and routing', () => {
  it('answers 401 with a code on every call without the right API key', async () => {
    for (const path of [
      '/ReturnPage?base64Token=' + tokens.driver,
      '/ReturnPage/country',
      '/AddressWhisper?CalledFrom=City&City=plz',
    ]) {
      for (const key of [undefined, 'wrong-key-0123456789abcdef']) {
        const res = await fetch(base + path, { headers: key ? { 'X-Api-Key': key } : {} });
        expect(res.status).toBe(401);
        expect(await res.json()).toMatchObject({ code: 'unauthorized' });
      }
    }
    expect((await fetch(`${base}/ReturnPage/dormant`, { method: 'POST' })).status).toBe(401);
  });

  it('answers 404 for an unknown path and 405 with Allow for a wrong method', async () => {
    const unknown = await get('/ReturnPage/nothing');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'notFound' });
    const wrong = await get('/ReturnPage/dormant');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect((await fetch(`${base}/ReturnPage/country`, { method: 'DELETE', headers: auth })).status).toBe(405);
  });

  it('matches paths exactly as the spec writes them', async () => {
    expect((await get('/returnpage/country')).status).toBe(404);
    expect((await get('/ReturnPage/country/')).status).toBe(404);
  });
});

describe('GET /ReturnPage', () => {
  it('gives the return page of a token', async () => {
    const res = await get(`/ReturnPage?base64Token=${tokens.connect}`);
    expect(res.status).toBe(200);
    const page = returnPageSchema.parse(await res.json());
    expect(page.prepaidDriverPickUp).toBe(true);
    expect(page.returnAddresses?.map((a) => a.addressType)).toEqual(['Default', 'ReturnConnect']);
  });

  it('answers 404 for an unknown well-formed token and 400 for a malformed one', async () => {
    for (const unknownToken of ['unknownTokenUnknownToken', 'bm9wZQ==', 'bm9wZQ', 'short']) {
      const unknown = await get(`/ReturnPage?base64Token=${encodeURIComponent(unknownToken)}`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ code: 'returnPageNotFound' });
    }
    for (const bad of ['', 'has spaces in it ok?', 'bm9w=ZQ', 'bm9wZ===', 'x'.repeat(600)]) {
      const res = await get(`/ReturnPage?base64Token=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'badRequest', fields: [{ path: 'base64Token' }] });
    }
    expect((await get('/ReturnPage')).status).toBe(400);
  });

  it("reads a bare '+' in the token as '+', not as the space URL decoding makes of it", async () => {
    const token = `+${randomBytes(18).toString('base64')}+e/s+`;
    createReturnPage(db, { token, title: 'Plus', prepaidDriverPickUp: false, returnAddresses });
    for (const sent of [encodeURIComponent(token), token]) {
      const res = await get(`/ReturnPage?base64Token=${sent}`);
      expect(res.status).toBe(200);
      expect(returnPageSchema.parse(await res.json()).returnAddresses).toEqual(returnAddresses);
    }
  });
});

describe('GET /ReturnPage/country', () => {
  it('lists every ISO country with its Czech and ISO names, 1000 at most by default', async () => {
    const res = await get('/ReturnPage/country?Limit=1000&Offset=0');
    expect(res.status).toBe(200);
    const list = z.array(countrySchema).parse(await res.json());
    expect(list).toHaveLength(249);
    expect(list.find((c) => c.code === 'CZ')).toEqual({ code: 'CZ', name: 'Česko', isoName: 'Czechia' });
    expect(list.find((c) => c.code === 'DE')).toEqual({ code: 'DE', name: 'Německo', isoName: 'Germany' });
  });

  it('pages by Limit and Offset', async () => {
    const all = (await (await get('/ReturnPage/country')).json()) as { code: string }[];
    const page = (await (await get('/ReturnPage/country?Limit=10&Offset=240')).json()) as { code: string }[];
    expect(page.map((c) => c.code)).toEqual(all.slice(240, 250).map((c) => c.code));
    expect(await (await get('/ReturnPage/country?Offset=5000')).json()).toEqual([]);
  });

  it('refuses a bad Limit or Offset with the field named', async () => {
    for (const [q, field] of [
      ['Limit=0', 'Limit'],
      ['Limit=1001', 'Limit'],
      ['Limit=ten', 'Limit'],
      ['Offset=-1', 'Offset'],
      ['Offset=1.5', 'Offset'],
    ]) {
      const res = await get(`/ReturnPage/country?${q}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ fields: [{ path: field }] });
    }
  });
});

describe('GET /AddressWhisper', () => {
  it('suggests addresses for what was typed in the named field', async () => {
    const res = await get('/AddressWhisper?Street=kumbers&ZipCode=&City=&CalledFrom=Street');
    expect(res.status).toBe(200);
    const list = (await res.json()) as { street: string; city: string }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(10);
    expect(list.every((s) => s.street === 'Kumberská' && s.city === 'Plzeň')).toBe(true);
  });

  it('refuses a missing or unknown CalledFrom and an oversized value', async () => {
    for (const q of [
      'Street=abc',
      'Street=abc&CalledFrom=Country',
      `Street=${'a'.repeat(101)}&CalledFrom=Street`,
    ]) {
      const res = await get(`/AddressWhisper?${q}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'badRequest' });
    }
  });
});

describe('POST /ReturnPage/dormant', () => {
  it('accepts a return with 202 and a batch id, then the worker completes it', async () => {
    const res = await create(request());
    expect(res.status).toBe(202);
    const { batchId } = (await res.json()) as { batchId: string };
    expect(batchId).toMatch(/^[0-9a-f-]{36}$/);
    await drained();
    const status = importStatusSchema.parse(
      await (await get(`/ReturnPage/dormant/status/${batchId}`)).json(),
    );
    expect(status.importState).toBe('Complete');
    expect(status.labelGuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives the same batch id for the same request with the same idempotency key, and creates nothing new', async () => {
    const key = { 'Idempotency-Key': 'key-same-request-0001' };
    const first = (await (await create(request(), key)).json()) as { batchId: string };
    const again = await create(request(), key);
    expect(again.status).toBe(202);
    expect(((await again.json()) as { batchId: string }).batchId).toBe(first.batchId);
    const other = await create(request({ customerReference: 'different' }), key);
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ code: 'idempotencyKeyReused' });
    const withoutKey = (await (await create(request())).json()) as { batchId: string };
    expect(withoutKey.batchId).not.toBe(first.batchId);
  });

  it('refuses the wrong content type, a missing human-check token, bad JSON and an oversized body', async () => {
    expect((await create(request(), { 'Content-Type': 'text/plain' })).status).toBe(415);
    const noToken = await create(request(), { 'X-Recaptcha-Token': '' });
    expect(noToken.status).toBe(400);
    expect(await noToken.json()).toMatchObject({ code: 'recaptchaTokenMissing' });
    const badJson = await create('{"base64Token": ');
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ code: 'invalidJson' });
    const huge = await create(request({ customerReference: 'x'.repeat(20_000) }));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: 'payloadTooLarge' });
  });

  it('names every invalid field', async () => {
    const res = await create(
      request({
        labelless: 'yes',
        sender: { ...sender, email: 'not-an-email', name: '   ', phone: '1'.repeat(31) },
      }),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: { path: string }[] };
    expect(body.fields.map((f) => f.path).sort()).toEqual([
      'labelless',
      'sender.email',
      'sender.name',
      'sender.phone',
    ]);
    expect((await create([])).status).toBe(400);
    expect((await create('null')).status).toBe(400);
  });

  it('applies the business rules: QR only from CZ, driver pickup only where the page and country allow', async () => {
    const abroad = { ...sender, country: 'DE', zipCode: '10115', city: 'Berlin' };
    const qr = await create(request({ labelless: true, sender: abroad }));
    expect(await qr.json()).toMatchObject({ code: 'labellessNotAllowed' });
    const driverAbroad = await create(request({ prepaidDriverPickUp: true, sender: abroad }));
    expect(await driverAbroad.json()).toMatchObject({ code: 'driverPickupNotAllowed' });
    const driverNotOffered = await create(
      request({ base64Token: tokens.noDriver, prepaidDriverPickUp: true }),
    );
    expect(await driverNotOffered.json()).toMatchObject({ code: 'driverPickupNotAllowed' });
    const slovakDriver = await create(
      request({ prepaidDriverPickUp: true, sender: { ...abroad, country: 'SK' } }),
    );
    expect(slovakDriver.status).toBe(202);
    const unknownPage = await create(request({ base64Token: 'unknownTokenUnknownToken' }));
    expect(unknownPage.status).toBe(404);
  });

  it('ends a return of a page that rejects imports in Error', async () => {
    const { batchId } = (await (await create(request({ base64Token: tokens.failing }))).json()) as {
      batchId: string;
    };
    await drained();
    expect(await (await get(`/ReturnPage/dormant/status/${batchId}`)).json()).toEqual({
      importState: 'Error',
      labelGuid: null,
    });
  });
});

describe('GET /ReturnPage/dormant/status and /label', () => {
  async function completed(extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    const { batchId } = (await (await create(request(extra), headers)).json()) as { batchId: string };
    await drained();
    const status = importStatusSchema.parse(
      await (await get(`/ReturnPage/dormant/status/${batchId}`)).json(),
    );
    return status.labelGuid as string;
  }

  it('checks the id format before anything else and answers 404 for an unknown id', async () => {
    for (const bad of ['123', 'not-a-guid', '..%2F..%2Fetc', '%2E%2E%2Fx', 'a'.repeat(36)]) {
      expect((await get(`/ReturnPage/dormant/status/${bad}`)).status).toBe(400);
      expect((await get(`/ReturnPage/dormant/label/${bad}`, { 'X-Recaptcha-Token': 'h' })).status).toBe(400);
    }
    expect((await get('/ReturnPage/dormant/status/a/b')).status).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await (await get(`/ReturnPage/dormant/status/${unknown}`)).json()).toMatchObject({
      code: 'batchNotFound',
    });
    expect(
      await (await get(`/ReturnPage/dormant/label/${unknown}`, { 'X-Recaptcha-Token': 'h' })).json(),
    ).toMatchObject({
      code: 'labelNotFound',
    });
  });

  it('serves the label PDF with a file name, in 10×15 and A4, and needs the human-check token', async () => {
    const guid = await completed();
    expect((await get(`/ReturnPage/dormant/label/${guid}`)).status).toBe(400);
    const res = await get(`/ReturnPage/dormant/label/${guid}`, { 'X-Recaptcha-Token': 'human' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="return-label-1\d{13}\.pdf"$/,
    );
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const a4 = await get(`/ReturnPage/dormant/label/${guid}?format=a4`, { 'X-Recaptcha-Token': 'human' });
    expect(a4.headers.get('content-disposition')).toMatch(/-a4\.pdf"$/);
  });

  it('answers a Range request with 206 and an impossible one with 416', async () => {
    const guid = await completed({ labelless: true });
    const h = { 'X-Recaptcha-Token': 'human' };
    const whole = Buffer.from(await (await get(`/ReturnPage/dormant/label/${guid}`, h)).arrayBuffer());
    const part = await get(`/ReturnPage/dormant/label/${guid}`, { ...h, Range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${whole.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(0, 100));
    const tail = await get(`/ReturnPage/dormant/label/${guid}`, { ...h, Range: 'bytes=-10' });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(whole.subarray(whole.length - 10));
    const outside = await get(`/ReturnPage/dormant/label/${guid}`, { ...h, Range: `bytes=${whole.length}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${whole.length}`);
  });
});

describe('label e-mail', () => {
  it('sends the label once, in the language of the request, with the same PDF attached', async () => {
    const to = 'mail-check@example.com';
    const headers = { 'Accept-Language': 'en-US,en;q=0.9' };
    const res = await create(request({ sender: { ...sender, email: to } }), headers);
    const { batchId } = (await res.json()) as { batchId: string };
    await drained();
    const { labelGuid } = importStatusSchema.parse(
      await (await get(`/ReturnPage/dormant/status/${batchId}`)).json(),
    );
    const mails = listCaughtMails(db, { to });
    expect(mails).toHaveLength(1);
    const mail = getCaughtMail(db, mails[0]!.id)!;
    expect(mail.subject).toMatch(/return label/i);
    expect(mail.text).toContain('Shipment number');
    expect(mail.messageId).toBe(`<return-${batchId}@parcelo.example>`);
    const pdf = Buffer.from(
      await (await get(`/ReturnPage/dormant/label/${labelGuid}`, { 'X-Recaptcha-Token': 'h' })).arrayBuffer(),
    );
    expect(getCaughtAttachment(db, mail.id, 0)?.content.equals(pdf)).toBe(true);
  });
});

describe('robustness', () => {
  it('never answers 500 to odd input', async () => {
    const odd = [
      '/ReturnPage?base64Token=%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00',
      '/AddressWhisper?Street=%25%27%22%3B--&CalledFrom=Street',
      '/AddressWhisper?Street=' + '%F0%9F%93%A6'.repeat(20) + '&CalledFrom=Street',
      '/ReturnPage/country?Limit=1e3',
      '/ReturnPage/country?Limit=&Offset=',
      '/ReturnPage/dormant/status/%',
    ];
    for (const path of odd) expect((await get(path)).status).toBeLessThan(500);
    for (const body of [
      '{"sender": {"name": {"$gt": ""}}}',
      '{"__proto__": {"admin": true}}',
      '"string"',
      '1e999',
    ]) {
      expect((await create(body)).status).toBe(400);
    }
  });
});
