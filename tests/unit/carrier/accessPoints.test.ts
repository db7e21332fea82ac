import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoNetwork } from '../../../carrier/accessPoints/generate.ts';
import { readDemoNetwork, readPlaces } from '../../../carrier/accessPoints/data.ts';
import { formatOpeningHours, parseOpeningHours } from '../../../carrier/accessPoints/hours.ts';
import { distanceMetres, fromSjtsk } from '../../../carrier/accessPoints/position.ts';
import { nearestForReturn, searchAccessPoints } from '../../../carrier/accessPoints/search.ts';
import { ensureAccessPointSchema, seedAccessPoints } from '../../../carrier/accessPoints/store.ts';
import { defaultAddressData } from '../../../carrier/addresses/index.ts';
import { createCarrierListener } from '../../../carrier/http/app.ts';
import { silentLogger } from '../../../carrier/log.ts';
import { accessPointsSchema } from '@parcel-returns/contract';
import { sender } from './fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'access-points-'));
const db = new DatabaseSync(join(dir, 'carrier.sqlite'));
ensureAccessPointSchema(db);
const seeded = seedAccessPoints(db);
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const search = (query: Partial<Parameters<typeof searchAccessPoints>[1]>) =>
  searchAccessPoints(db, { country: 'CZ', radiusMetres: 30_000, limit: 10, ...query });

describe('the demo network', () => {
  it('is a few hundred shops and lockers across Czechia, marked as demo data, with RÚIAN’s attribution', () => {
    const network = readDemoNetwork();
    expect(network.demo).toBe(true);
    expect(network.source).toContain('ČÚZK, RÚIAN');
    expect(network.accessPoints.length).toBeGreaterThan(300);
    expect(network.accessPoints.length).toBeLessThan(600);
    expect(network.accessPoints.every((point) => point.code.startsWith('DEMO'))).toBe(true);
    expect(new Set(network.accessPoints.map((point) => point.type))).toEqual(new Set(['shop', 'locker']));
    expect(new Set(network.accessPoints.map((point) => point.address.city)).size).toBeGreaterThan(150);
    // Inside Czechia's bounding box.
    for (const { position } of network.accessPoints) {
      expect(position.latitude).toBeGreaterThan(48.5);
      expect(position.latitude).toBeLessThan(51.1);
      expect(position.longitude).toBeGreaterThan(12.0);
      expect(position.longitude).toBeLessThan(18.9);
    }
    expect(seeded.points).toBe(network.accessPoints.length);
  });

  it('has the place of every postcode and municipality of the export, but Praha, Brno and Ostrava', () => {
    const places = readPlaces();
    expect(places.towns.length).toBe(6_255 - 3 + 1);
    expect(places.zipCodes.length).toBeGreaterThan(2_000);
    const towns = new Set(places.towns.map(([, name]) => name));
    expect(towns.has('Plzeň')).toBe(true);
    for (const missing of ['Praha', 'Brno', 'Ostrava']) expect(towns.has(missing)).toBe(false);
  });

  it('is built from the RÚIAN points the same way every time (here from the Plzeň extract)', async () => {
    const first = await buildDemoNetwork(defaultAddressData);
    const again = await buildDemoNetwork(defaultAddressData);
    expect(again).toEqual(first);
    const plzen = first.network.accessPoints;
    expect(plzen).toHaveLength(12);
    // The same addresses as the shipped network's Plzeň places (which came from the whole export).
    const shipped = readDemoNetwork().accessPoints.filter((point) => point.address.city === 'Plzeň');
    expect(plzen.map((point) => point.address.street).sort()).toEqual(
      shipped.map((point) => point.address.street).sort(),
    );
    expect(first.places.towns).toEqual([[554791, 'Plzeň', expect.any(Number), expect.any(Number), 27_207]]);
  });
});

describe('positions', () => {
  it('converts S-JTSK to WGS84 with the EPSG datum shift: every town lies where the map has it', () => {
    // The mean of a town's RÚIAN address points, beside its centre on any map: within a few km.
    const centres: Record<string, { latitude: number; longitude: number }> = {
      Plzeň: { latitude: 49.7475, longitude: 13.3776 },
      Olomouc: { latitude: 49.5938, longitude: 17.2509 },
      'České Budějovice': { latitude: 48.9747, longitude: 14.4743 },
      Liberec: { latitude: 50.7671, longitude: 15.0562 },
      'Hradec Králové': { latitude: 50.2092, longitude: 15.8328 },
    };
    const towns = readPlaces().towns;
    for (const [name, centre] of Object.entries(centres)) {
      const town = towns.filter(([, n]) => n === name).sort((a, b) => b[4] - a[4])[0];
      expect(town, name).toBeDefined();
      const [, , latitude = 0, longitude = 0] = town ?? [];
      expect(distanceMetres({ latitude, longitude }, centre), name).toBeLessThan(3_000);
    }
    // RÚIAN's row for Kumberská 12/1 in Plzeň (shared/data/ruian/README.md): in Plzeň.
    const kumberska = fromSjtsk({ y: 828342.29, x: 1064715.47 });
    expect(distanceMetres(kumberska, centres['Plzeň'] ?? kumberska)).toBeLessThan(8_000);
  });

  it('measures the distance between two places along the earth', () => {
    const plzen = { latitude: 49.7475, longitude: 13.3776 };
    const olomouc = { latitude: 49.5938, longitude: 17.2509 };
    expect(distanceMetres(plzen, olomouc) / 1000).toBeCloseTo(279, 0);
    expect(distanceMetres(plzen, plzen)).toBe(0);
  });
});

describe('the search', () => {
  it('finds the places nearest to a postcode, nearest first, within the radius', () => {
    const found = search({ zipCode: '301 00' });
    expect(found?.origin.name).toBe('301 00');
    const distances = found?.accessPoints.map((point) => point.distance) ?? [];
    expect(distances.length).toBe(10);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(30_000);
    expect(found?.accessPoints[0]?.timeZone).toBe('Europe/Prague');
    expect(accessPointsSchema.safeParse(found).success).toBe(true);
  });

  it('finds a town by its name in any case and without diacritics, and the largest of a name', () => {
    expect(search({ city: 'plzen' })?.origin.name).toBe('Plzeň');
    expect(search({ city: 'ÚSTÍ NAD LABEM' })?.accessPoints[0]?.address.city).toBe('Ústí nad Labem');
    expect(search({ city: 'Praha' })).toBeUndefined();
    expect(search({ zipCode: '99999' })).toBeUndefined();
    // A postcode the index lacks still has its town.
    expect(search({ zipCode: '99999', city: 'Plzeň' })?.origin.name).toBe('Plzeň');
  });

  it('keeps only places that take a label-less return when asked, and one type', () => {
    const all = search({ city: 'Plzeň', limit: 50 })?.accessPoints ?? [];
    const labelless = search({ city: 'Plzeň', labelless: true, limit: 50 })?.accessPoints ?? [];
    expect(all.some((point) => !point.labelless)).toBe(true);
    expect(labelless.every((point) => point.labelless)).toBe(true);
    expect(labelless.length).toBe(all.filter((point) => point.labelless).length);
    const lockers = search({ city: 'Plzeň', type: 'locker', limit: 50 })?.accessPoints ?? [];
    expect(lockers.length).toBeGreaterThan(0);
    expect(lockers.every((point) => point.type === 'locker')).toBe(true);
  });

  it('searches from a position, and finds nothing where no place is near', () => {
    const near = search({ position: { latitude: 49.7475, longitude: 13.3776 }, radiusMetres: 2_000 });
    expect(near?.accessPoints.length).toBeGreaterThan(0);
    // The Šumava, far from any town of the demo.
    expect(
      search({ position: { latitude: 48.98, longitude: 13.5 }, radiusMetres: 1_000 })?.accessPoints,
    ).toEqual([]);
  });

  it('gives the label e-mail the three nearest that take the return, none for a driver or abroad', () => {
    const request = { base64Token: 'x', prepaidDriverPickUp: false, labelless: true, sender };
    const three = nearestForReturn(db, request);
    expect(three).toHaveLength(3);
    expect(three.every((point) => point.labelless)).toBe(true);
    expect(three).toEqual(search({ zipCode: sender.zipCode, labelless: true, limit: 3 })?.accessPoints);
    expect(nearestForReturn(db, { ...request, prepaidDriverPickUp: true })).toEqual([]);
    expect(nearestForReturn(db, { ...request, sender: { ...sender, country: 'SK' } })).toEqual([]);
  });
});

describe('opening hours on the command line', () => {
  it('reads and writes the common opening_hours subset', () => {
    const hours = parseOpeningHours('Mo-Fr 08:00-18:00; Sa 08:00-12:00');
    expect(hours).toHaveLength(6);
    expect(typeof hours !== 'string' && formatOpeningHours(hours)).toBe('Mo-Fr 08:00-18:00; Sa 08:00-12:00');
    const nonstop = parseOpeningHours('24/7');
    expect(typeof nonstop !== 'string' && formatOpeningHours(nonstop)).toBe('Mo-Su 00:00-24:00');
  });

  it('names what is wrong', () => {
    expect(parseOpeningHours('Mo-Fr 8-18')).toMatch(/not like/);
    expect(parseOpeningHours('Fr-Mo 08:00-18:00')).toMatch(/in order/);
    expect(parseOpeningHours('Mo 18:00-08:00')).toMatch(/opening before closing/);
    expect(parseOpeningHours('Mo-Fr 08:00-12:00; We 13:00-18:00')).toMatch(/twice/);
  });
});

describe('GET /AccessPoint', () => {
  const apiKey = 'test-key-0123456789abcdef';
  let base = '';
  let closeServers: () => Promise<void>;
  let offBase = '';

  beforeAll(async () => {
    const listen = async (accessPoints: boolean) => {
      const listener = createCarrierListener({
        db,
        apiKey,
        log: silentLogger,
        onCreated: () => {},
        inbox: false,
        accessPoints,
      });
      const server = createServer(listener);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    };
    const on = await listen(true);
    const off = await listen(false);
    base = on.url;
    offBase = off.url;
    closeServers = async () => {
      await new Promise((resolve) => on.server.close(resolve));
      await new Promise((resolve) => off.server.close(resolve));
    };
  });
  afterAll(() => closeServers());

  const get = (query: string, at = base) =>
    fetch(`${at}/AccessPoint?${query}`, { headers: { 'X-Api-Key': apiKey } });

  it('answers the places nearest to a postcode, town or position', async () => {
    const res = await get('CountryCode=CZ&ZipCode=30100&Labelless=true&Limit=5');
    expect(res.status).toBe(200);
    const body = accessPointsSchema.parse(await res.json());
    expect(body.accessPoints).toHaveLength(5);
    expect(body.accessPoints.every((point) => point.labelless)).toBe(true);
    expect((await get('CountryCode=CZ&City=Olomouc')).status).toBe(200);
    expect((await get('CountryCode=CZ&Latitude=49.75&Longitude=13.38&Radius=5000')).status).toBe(200);
  });

  it('refuses a query without a place, half a position or out-of-range numbers with 400 naming the field', async () => {
    for (const query of [
      'CountryCode=CZ',
      'CountryCode=CZ&Latitude=49.7',
      'CountryCode=CZ&ZipCode=30100&Limit=500',
      'CountryCode=cz&ZipCode=30100',
      'CountryCode=CZ&ZipCode=30100&AccessPointType=van',
    ]) {
      const res = await get(query);
      expect(res.status, query).toBe(400);
      expect(
        ((await res.json()) as { code: string; fields?: unknown[] }).fields?.length,
        query,
      ).toBeGreaterThan(0);
    }
  });

  it('answers 404 placeNotFound for a place it does not know, and needs the API key', async () => {
    const res = await get('CountryCode=CZ&City=Praha');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'placeNotFound', fields: [{ path: 'City' }] });
    expect((await fetch(`${base}/AccessPoint?CountryCode=CZ&City=Plzeň`)).status).toBe(401);
  });

  it('is an unknown resource when the extension is off', async () => {
    const res = await get('CountryCode=CZ&ZipCode=30100', offBase);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'notFound' });
  });
});

describe('npm run carrier:cli -- access-points', { timeout: 30_000 }, () => {
  const dbPath = join(dir, 'cli.sqlite');
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ['carrier/cli.ts', 'access-points', ...args, '--db', dbPath], {
      encoding: 'utf8',
    });

  it('lists the demo network and the nearest places to a town', () => {
    const all = cli('list');
    expect(all.status).toBe(0);
    expect(all.stdout).toMatch(new RegExp(`\\n${readDemoNetwork().accessPoints.length} access points\\n$`));
    const near = cli('list', '--near', 'Plzeň', '--labelless');
    expect(near.stdout).toMatch(/^Near Plzeň:\n/);
    expect(near.stdout.trim().split('\n')).toHaveLength(11);
    expect(near.stdout).not.toMatch(/ shop .*(?<!label-less.*)$/m);
  });

  it('adds a point that the search then finds, and refuses one that is not valid', () => {
    const added = cli(
      'add',
      ...['--code', 'MY-1', '--type', 'shop', '--name', 'Trafika U Zoo', '--street', 'Pod Vinicemi 9'],
      ...['--zip', '301 00', '--city', 'Plzeň', '--lat', '49.7584', '--lon', '13.3578'],
      ...['--hours', 'Mo-Fr 08:00-18:00; Sa 08:00-12:00', '--labelless', '--wheelchair'],
    );
    expect(added.status, added.stderr).toBe(0);
    const listed = execFileSync(
      process.execPath,
      ['carrier/cli.ts', 'access-points', 'list', '--near', '30100', '--db', dbPath],
      {
        encoding: 'utf8',
      },
    );
    expect(listed).toContain('MY-1  shop');
    const refused = cli('add', '--code', 'MY-2', '--type', 'van', '--name', 'X');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('--type must be shop or locker');
    const badHours = cli(
      'add',
      ...[
        '--code',
        'MY-3',
        '--type',
        'locker',
        '--name',
        'Box',
        '--street',
        'Pod Vinicemi 9',
        '--zip',
        '30100',
      ],
      ...['--city', 'Plzeň', '--lat', '49.7', '--lon', '13.3', '--hours', 'always'],
    );
    expect(badHours.stderr).toContain('--hours');
  });

  it('says so when a place is unknown', () => {
    const unknown = cli('list', '--near', 'Ostrava');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('placeNotFound');
  });
});
