import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeLabelMail } from '../../carrier/mail/labelMail.ts';
import { labelMailCopy } from '../../carrier/mail/labelMailCopy.ts';
import type { AccessPoint } from '@parcel-returns/contract';
import {
  formatClock,
  formatDistance,
  formatMaxParcel,
  mapLinkOf,
  nearOfSender,
  nearQueryOf,
  openState,
} from '../../src/lib/dropOff.ts';
import { sentOf, sentUrl } from '../../src/lib/acceptedReturn.ts';
import { getAccessPoints } from '../../src/server/api/accessPoints.ts';
import type { ApiDeps } from '../../src/server/api/deps.ts';
import { dropOffOf } from '../../src/server/form/dropOff.ts';
import { createRateLimits } from '../../src/server/rateLimits.ts';
import { apiKey, startTestCarrier } from './carrier/harness.ts';
import { apiRequest, testDeps } from './siteApi/harness.ts';

const shop: AccessPoint = {
  code: 'DEMO9999',
  type: 'shop',
  name: 'Trafika U Zoo',
  address: { street: 'Pod Vinicemi 9', zipCode: '30100', city: 'Plzeň', country: 'CZ' },
  position: { latitude: 49.7584, longitude: 13.3578 },
  timeZone: 'Europe/Prague',
  openingHours: [
    ...[1, 2, 3, 4, 5].map((day) => ({ day, opens: '08:00', closes: '19:00' })),
    { day: 6, opens: '08:00', closes: '12:00' },
  ],
  labelless: true,
  maxParcel: { lengthCm: 120, widthCm: 60, heightCm: 60, weightKg: 31.5 },
  wheelchairAccessible: true,
  distance: 1234,
};

describe('the drop-off rules', () => {
  it('reads a search as a postcode or a town, and refuses anything else', () => {
    expect(nearQueryOf('301 00')).toEqual({ zipCode: '30100' });
    expect(nearQueryOf(' 30100 ')).toEqual({ zipCode: '30100' });
    expect(nearQueryOf('Plzeň')).toEqual({ city: 'Plzeň' });
    expect(nearQueryOf('Ústí  nad Labem')).toEqual({ city: 'Ústí nad Labem' });
    for (const bad of ['', '   ', '3010', '123456', 'Plzeň\u202e', 'x'.repeat(61), null, undefined])
      expect(nearQueryOf(bad), String(bad)).toBeUndefined();
  });

  it('searches from a Czech sender’s postcode only, never the street', () => {
    expect(nearOfSender({ country: 'CZ', zipCode: '318 00' })).toBe('31800');
    expect(nearOfSender({ country: 'SK', zipCode: '82105' })).toBeUndefined();
    expect(nearOfSender({ country: 'CZ', zipCode: 'Plzeň' })).toBeUndefined();
    const url = new URL(
      sentUrl({
        locale: 'en',
        batchId: '0b0f4a3e-8d7c-4b1a-9e2f-123456789abc',
        token: 'tok',
        labelless: true,
        driverPickup: false,
        near: '31800',
      }),
      'http://site.test',
    );
    expect(url.searchParams.get('near')).toBe('31800');
    expect(sentOf(url)?.near).toBe('31800');
  });

  it('tells today’s hours in the place’s own time zone, summer and winter', () => {
    // Wednesday 2026-07-15 10:00 in Prague is 08:00 UTC (summer time).
    expect(openState(shop, Date.parse('2026-07-15T08:00:00Z'))).toEqual({ kind: 'openUntil', time: '19:00' });
    // 07:30 in Prague, in winter 06:30 UTC.
    expect(openState(shop, Date.parse('2026-01-14T06:30:00Z'))).toEqual({ kind: 'opensAt', time: '08:00' });
    // 19:00 sharp is closed; Sunday has no hours.
    expect(openState(shop, Date.parse('2026-01-14T18:00:00Z'))).toEqual({ kind: 'closedToday' });
    expect(openState(shop, Date.parse('2026-01-18T10:00:00Z'))).toEqual({ kind: 'closedToday' });
    // 23:30 UTC on Friday is Saturday 00:30 in Prague.
    expect(openState(shop, Date.parse('2026-01-16T23:30:00Z'))).toEqual({ kind: 'opensAt', time: '08:00' });
    const locker = {
      ...shop,
      openingHours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '00:00', closes: '24:00' })),
    };
    expect(openState(locker, Date.parse('2026-01-18T03:00:00Z'))).toEqual({ kind: 'nonstop' });
  });

  it('writes times, distances and sizes as each language does', () => {
    // ICU puts a no-break space or a narrow one between a number and its unit, as the language has it.
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(formatClock('19:00', 'cs-CZ')).toBe('19:00');
    expect(formatClock('08:00', 'hu-HU')).toBe('8:00');
    expect(formatClock('19:00', 'en-US')).toMatch(/^7:00\sPM$/);
    expect(plain(formatDistance(1234, 'cs-CZ'))).toBe('1,2 km');
    expect(plain(formatDistance(1234, 'en-US'))).toBe('1.2 km');
    expect(plain(formatDistance(846, 'pl-PL'))).toBe('850 m');
    expect(plain(formatDistance(23_456, 'sk-SK'))).toBe('23 km');
    expect(plain(formatMaxParcel(shop, 'cs-CZ'))).toBe('120 × 60 × 60 cm, 31,5 kg');
  });

  it('links a place on a public map with its own position only', () => {
    expect(mapLinkOf(shop)).toBe(
      'https://www.openstreetmap.org/?mlat=49.7584&mlon=13.3578#map=18/49.7584/13.3578',
    );
  });
});

describe('GET /api/access-points and the sent page’s list, against the reference carrier', () => {
  let stop: () => Promise<void>;
  let deps: ApiDeps;

  beforeAll(async () => {
    const started = await startTestCarrier();
    stop = started.stop;
    ({ deps } = await testDeps(started.carrier.url, apiKey));
  });
  afterAll(() => stop());

  const get = (query: string, client?: string, on = deps) =>
    getAccessPoints(on, apiRequest(`/api/access-points?${query}`, client ? { client } : {}));

  it('answers the five nearest places that take a code, nearest first', async () => {
    const res = await get('near=301%2000&labelless=1');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { origin: { name: string }; accessPoints: AccessPoint[] };
    expect(body.origin.name).toBe('301 00');
    expect(body.accessPoints).toHaveLength(5);
    expect(body.accessPoints.every((point) => point.labelless)).toBe(true);
    const distances = body.accessPoints.map((point) => point.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('refuses what is no postcode or town, and says when the carrier knows no such place', async () => {
    expect((await get('near=')).status).toBe(400);
    expect((await get('near=1234567')).status).toBe(400);
    expect((await get('near=Plzeň&labelless=yes')).status).toBe(400);
    const unknown = await get('near=Brno');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'placeNotFound' });
  });

  it('has a rate limit of its own per client address', async () => {
    const limited = {
      ...deps,
      limits: createRateLimits({ limits: { accessPoints: { points: 2, duration: 60 } } }),
    };
    expect((await get('near=Plzeň', '10.9.9.9', limited)).status).toBe(200);
    expect((await get('near=Plzeň', '10.9.9.9', limited)).status).toBe(200);
    const refused = await get('near=Plzeň', '10.9.9.9', limited);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another address, and the address suggestions, are not touched by it.
    expect((await get('near=Plzeň', '10.9.9.10', limited)).status).toBe(200);
  });

  it('gives the sent page the places, the question, or that the place is unknown', async () => {
    const ctx = { culture: 'en-US' } as const;
    const found = await dropOffOf(deps, '31800', true, ctx, 1);
    expect(found).toMatchObject({ kind: 'places', near: '31800', at: 1 });
    expect(found.kind === 'places' && found.found.accessPoints.length).toBe(5);
    expect(await dropOffOf(deps, undefined, true, ctx, 1)).toEqual({ kind: 'ask', near: '' });
    expect(await dropOffOf(deps, 'Ostrava', true, ctx, 1)).toEqual({
      kind: 'placeNotFound',
      near: 'Ostrava',
    });
  });
});

describe('a carrier without the extension', () => {
  let server: Server;
  let deps: ApiDeps;

  beforeAll(async () => {
    // Any carrier's answer to a path it does not have.
    server = createServer((_req, res) => {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"code":"notFound","message":"No."}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ({ deps } = await testDeps(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, apiKey));
  });
  afterAll(() => server.close());

  it('is 404 accessPointsUnsupported on the site’s API, and the map links on the sent page', async () => {
    const res = await getAccessPoints(deps, apiRequest('/api/access-points?near=31800'));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'accessPointsUnsupported' });
    expect(await dropOffOf(deps, '31800', false, { culture: 'cs-CZ' }, 1)).toEqual({
      kind: 'unsupported',
      near: '31800',
    });
  });
});

describe('the label e-mail', () => {
  const input = {
    language: 'pl' as const,
    to: 'jana@example.cz',
    senderName: 'Jana Nováková',
    shipmentNumber: '10000000000017',
    labelless: false,
    handover: 'pickupPoint' as const,
    createdAt: new Date('2026-03-13T22:30:00Z'),
    pdf: Buffer.from('%PDF-1.7\n%%EOF\n'),
    filename: 'return-label-10000000000017.pdf',
  };

  it('names the nearest places, in order, with their map links, in text and HTML', async () => {
    const second = {
      ...shop,
      code: 'DEMO9998',
      name: 'Parcelo Box Americká',
      type: 'locker' as const,
      distance: 2500,
    };
    const mail = await composeLabelMail({ ...input, places: [shop, second] });
    const copy = labelMailCopy.pl.places;
    expect(mail.text).toContain(`${copy.heading}:`);
    expect(mail.text.replace(/[^\S\n]/g, ' ')).toContain(
      '- Trafika U Zoo (sklep), Pod Vinicemi 9, 30100 Plzeň, 1,2 km',
    );
    expect(mail.text.indexOf('Trafika U Zoo')).toBeLessThan(mail.text.indexOf('Parcelo Box Americká'));
    expect(mail.text).toContain('(automat paczkowy)');
    expect(mail.html).toContain(`<h2 style="margin:0 0 8px;font-size:18px">${copy.heading}</h2>`);
    expect(mail.html).toContain(
      'href="https://www.openstreetmap.org/?mlat=49.7584&amp;mlon=13.3578#map=18/49.7584/13.3578"',
    );
  });

  it('writes distances its own way: to 10 m below a kilometre, two digits of kilometres above', async () => {
    const at = (code: string, distance: number) => ({ ...shop, code, distance });
    const mail = await composeLabelMail({
      ...input,
      places: [at('A', 844), at('B', 1_440), at('C', 12_340)],
    });
    const text = mail.text.replace(/[^\S\n]/g, ' ');
    expect(text).toContain('Plzeň, 840 m');
    expect(text).toContain('Plzeň, 1,4 km');
    expect(text).toContain('Plzeň, 12 km');
  });

  it('leaves the section out without places', async () => {
    const mail = await composeLabelMail(input);
    expect(mail.text).not.toContain(labelMailCopy.pl.places.heading);
  });
});
