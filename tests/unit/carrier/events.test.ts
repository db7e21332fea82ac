import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnEventsSchema } from '@parcel-returns/contract';
import { recordParcelEvent } from '../../../carrier/store/parcelEvents.ts';
import { findReturn } from '../../../carrier/store/returns.ts';
import { apiKey, sender, startTestCarrier, tokens } from './harness.ts';

let base: string;
let db: DatabaseSync;
let stop: () => Promise<void>;
let drained: () => Promise<void>;

beforeAll(async () => {
  const started = await startTestCarrier();
  ({ url: base, db } = started.carrier);
  stop = started.stop;
  drained = async () => {
    started.carrier.worker.kick();
    await started.carrier.worker.drained();
  };
});
afterAll(() => stop());

const headers = { 'X-Api-Key': apiKey, 'Accept-Language': 'en-US' };
/** Asks for a return's events; a `null` token leaves the query out. */
const events = (batchId: string, token: string | null = tokens.driver) =>
  fetch(
    `${base}/ReturnPage/dormant/events/${batchId}${token === null ? '' : `?base64Token=${encodeURIComponent(token)}`}`,
    { headers },
  );

/** A return created through the API on the page of `token`, once the worker is done with it. */
async function createdReturn(token: string, prepaidDriverPickUp = false) {
  const res = await fetch(`${base}/ReturnPage/dormant`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json-patch+json', 'X-Recaptcha-Token': 'human' },
    body: JSON.stringify({ base64Token: token, prepaidDriverPickUp, labelless: false, sender }),
  });
  const { batchId } = (await res.json()) as { batchId: string };
  await drained();
  return findReturn(db, batchId)!;
}

describe('GET /ReturnPage/dormant/events/{batchId}', () => {
  it('lists what happened to the parcel since its label, oldest first, each with its time', async () => {
    const record = await createdReturn(tokens.driver);
    const shipment = record.shipmentNumber!;
    const start = Date.now();
    recordParcelEvent(db, shipment, 'handedOver', { place: 'Trafika U Zoo, Plzeň', now: start + 1000 });
    recordParcelEvent(db, shipment, 'inTransit', { now: start + 2000 });
    recordParcelEvent(db, shipment, 'delivered', { now: start + 3000 });

    const res = await events(record.batchId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const { events: list } = returnEventsSchema.parse(await res.json());
    expect(list.map((event) => event.type)).toEqual(['labelCreated', 'handedOver', 'inTransit', 'delivered']);
    expect(list[1]).toEqual({
      type: 'handedOver',
      at: new Date(start + 1000).toISOString(),
      place: 'Trafika U Zoo, Plzeň',
    });
    expect(list[2]).not.toHaveProperty('place');
    expect(Date.parse(list[0]!.at)).toBeLessThanOrEqual(start);
  });

  it('shows a parcel the courier collected without a place', async () => {
    const record = await createdReturn(tokens.driver, true);
    recordParcelEvent(db, record.shipmentNumber!, 'handedOver');
    const { events: list } = returnEventsSchema.parse(await (await events(record.batchId)).json());
    expect(list.map((event) => event.type)).toEqual(['labelCreated', 'handedOver']);
    expect(list[1]).not.toHaveProperty('place');
  });

  it('lists nothing for a return that ended in Error', async () => {
    const record = await createdReturn(tokens.failing);
    expect(record.state).toBe('Error');
    const res = await events(record.batchId, tokens.failing);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ events: [] });
  });

  it("answers 404 batchNotFound on another link's token and for an unknown batch", async () => {
    const record = await createdReturn(tokens.driver);
    for (const [batchId, token] of [
      [record.batchId, tokens.noDriver],
      [record.batchId, 'unknownTokenUnknownToken'],
      ['00000000-0000-4000-8000-000000000000', tokens.driver],
    ] as const) {
      const res = await events(batchId, token);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'batchNotFound' });
    }
  });

  it('answers 400 badRequest for a malformed batch id and a missing or malformed token', async () => {
    const record = await createdReturn(tokens.driver);
    for (const [batchId, token, field] of [
      ['not-a-uuid', tokens.driver, 'batchId'],
      [record.batchId.toUpperCase(), tokens.driver, 'batchId'],
      [record.batchId, null, 'base64Token'],
      [record.batchId, '', 'base64Token'],
      [record.batchId, 'bm9w=ZQ', 'base64Token'],
    ] as const) {
      const res = await events(batchId, token);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'badRequest', fields: [{ path: field }] });
    }
  });

  it('needs the API key and answers GET only', async () => {
    const record = await createdReturn(tokens.driver);
    const path = `${base}/ReturnPage/dormant/events/${record.batchId}?base64Token=${tokens.driver}`;
    expect((await fetch(path)).status).toBe(401);
    const post = await fetch(path, { method: 'POST', headers });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
  });
});
