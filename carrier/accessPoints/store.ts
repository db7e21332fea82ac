/**
 * The access points and the place index in the carrier's SQLite file. Like the address tables they
 * are owned by this module and created with `IF NOT EXISTS`; the demo network and the places are
 * loaded on the first start (seedAccessPoints), and `npm run carrier:cli -- access-points add`
 * adds a point of the operator's own.
 */
import type { DatabaseSync } from 'node:sqlite';
import { accessPointSchema, type AccessPoint } from '@parcel-returns/contract';
import { searchKey } from '../addresses/normalize.ts';
import { readDemoNetwork, readPlaces, type StoredAccessPoint } from './data.ts';

/** Every access point of the reference carrier keeps Czech time. */
export const accessPointTimeZone = 'Europe/Prague';

export function ensureAccessPointSchema(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS access_points (
      code TEXT PRIMARY KEY,
      country TEXT NOT NULL,
      latitude REAL NOT NULL,
      longitude REAL NOT NULL,
      labelless INTEGER NOT NULL,
      point TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS access_points_by_position ON access_points (country, latitude, longitude);
    CREATE TABLE IF NOT EXISTS access_point_places (
      kind TEXT NOT NULL CHECK (kind IN ('zip', 'town')),
      key TEXT NOT NULL,
      name TEXT NOT NULL,
      latitude REAL NOT NULL,
      longitude REAL NOT NULL,
      points INTEGER NOT NULL,
      PRIMARY KEY (kind, key, points, name)
    ) WITHOUT ROWID;`);
}

/** Stores one access point, replacing one with the same code; refuses what the contract would refuse. */
export function saveAccessPoint(db: DatabaseSync, point: StoredAccessPoint): void {
  const checked = accessPointSchema.parse({ ...point, timeZone: accessPointTimeZone, distance: 0 });
  const { distance: _distance, timeZone: _timeZone, ...stored } = checked;
  db.prepare(
    `INSERT OR REPLACE INTO access_points (code, country, latitude, longitude, labelless, point)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    stored.code,
    stored.address.country,
    stored.position.latitude,
    stored.position.longitude,
    stored.labelless ? 1 : 0,
    JSON.stringify(stored),
  );
}

/**
 * Loads the place index and the demo network into an empty store; a store that has them already
 * (the demo, or the operator's own points) is left as it is. Returns how many points it loaded.
 */
export function seedAccessPoints(db: DatabaseSync): { points: number; places: number } {
  const has = (table: string) => db.prepare(`SELECT 1 FROM ${table} LIMIT 1`).get() !== undefined;
  let places = 0;
  let points = 0;
  db.exec('BEGIN');
  try {
    if (!has('access_point_places')) {
      const index = readPlaces();
      const insert = db.prepare(
        'INSERT OR IGNORE INTO access_point_places (kind, key, name, latitude, longitude, points) VALUES (?, ?, ?, ?, ?, ?)',
      );
      for (const [zip, lat, lon, n] of index.zipCodes) insert.run('zip', zip, zip, lat, lon, n);
      for (const [, name, lat, lon, n] of index.towns) insert.run('town', searchKey(name), name, lat, lon, n);
      places = index.zipCodes.length + index.towns.length;
    }
    if (!has('access_points')) {
      for (const point of readDemoNetwork().accessPoints) saveAccessPoint(db, point);
      points = db.prepare('SELECT count(*) AS n FROM access_points').get()?.['n'] as number;
    }
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  return { points, places };
}

/** Every access point of a country (all countries when none is given), by code. */
export function listAccessPoints(db: DatabaseSync, country?: string): StoredAccessPoint[] {
  const rows = country
    ? db.prepare('SELECT point FROM access_points WHERE country = ? ORDER BY code').all(country)
    : db.prepare('SELECT point FROM access_points ORDER BY code').all();
  return rows.map((row) => JSON.parse(row['point'] as string) as StoredAccessPoint);
}

/** A stored point as the API gives it, at `distance` metres from where the search was made. */
export function asAnswered(point: StoredAccessPoint, distance: number): AccessPoint {
  return { ...point, timeZone: accessPointTimeZone, distance: Math.round(distance) };
}
