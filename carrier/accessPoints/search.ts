/**
 * The access-point search of `GET /AccessPoint`: the places nearest to a position, or to a postcode
 * or town (placed at the mean of its RÚIAN address points), optionally only those that take a
 * label-less return or of one type. The points within the radius's box come from an index range
 * (a few dozen of the network's few hundred), each gets its distance, and only the points answered
 * are read whole; the statements are prepared once per database.
 */
import type { DatabaseSync } from 'node:sqlite';
import type {
  AccessPoint,
  AccessPointType,
  AccessPoints,
  CreationRequest,
  Position,
} from '@parcel-returns/contract';
import { searchKey, zipKey } from '../addresses/normalize.ts';
import { distanceMetres } from './position.ts';
import type { StoredAccessPoint } from './data.ts';
import { asAnswered } from './store.ts';

export interface AccessPointQuery {
  country: string;
  /** Where to search from: a position, or else a postcode, or else a town. */
  position?: Position | undefined;
  zipCode?: string | undefined;
  city?: string | undefined;
  /** Only points that take a label-less return. */
  labelless?: boolean | undefined;
  type?: AccessPointType | undefined;
  radiusMetres: number;
  limit: number;
}

type Statement = ReturnType<DatabaseSync['prepare']>;
const statementCache = new WeakMap<DatabaseSync, Map<string, Statement>>();

/** A prepared statement of `db`, prepared once: a search runs three, and preparing costs more than running. */
function statement(db: DatabaseSync, sql: string): Statement {
  let statements = statementCache.get(db);
  if (!statements) statementCache.set(db, (statements = new Map<string, Statement>()));
  let prepared = statements.get(sql);
  if (!prepared) statements.set(sql, (prepared = db.prepare(sql)));
  return prepared;
}

/** The postcode as written on letters: '301 00'. */
const formatZip = (zip: string) => `${zip.slice(0, 3)} ${zip.slice(3)}`;

/**
 * Where a postcode or else a town is (the largest municipality of that name), with the name to
 * show; undefined when neither is known.
 */
export function findPlace(
  db: DatabaseSync,
  place: { zipCode?: string | undefined; city?: string | undefined },
): AccessPoints['origin'] | undefined {
  const zip = place.zipCode === undefined ? null : zipKey(place.zipCode);
  const byZip =
    zip !== null && zip.length === 5
      ? statement(
          db,
          "SELECT name, latitude, longitude FROM access_point_places WHERE kind = 'zip' AND key = ?",
        ).get(zip)
      : undefined;
  // A postcode the index lacks (a new one, a typo) still has its town.
  const row =
    byZip ??
    (place.city
      ? statement(
          db,
          `SELECT name, latitude, longitude FROM access_point_places WHERE kind = 'town' AND key = ?
           ORDER BY points DESC LIMIT 1`,
        ).get(searchKey(place.city))
      : undefined);
  if (!row) return undefined;
  const name = row['name'] as string;
  return {
    name: /^\d{5}$/.test(name) ? formatZip(name) : name,
    position: { latitude: row['latitude'] as number, longitude: row['longitude'] as number },
  };
}

/** The points nearest to the query's position or place, nearest first; undefined when the place is unknown. */
export function searchAccessPoints(db: DatabaseSync, query: AccessPointQuery): AccessPoints | undefined {
  const origin = query.position
    ? { name: `${query.position.latitude}, ${query.position.longitude}`, position: query.position }
    : findPlace(db, query);
  if (!origin) return undefined;
  // Only the points within the radius's box of latitudes and longitudes are read: an index range.
  const { latitude, longitude } = origin.position;
  const dLat = query.radiusMetres / 111_000;
  const dLon = dLat / Math.max(0.01, Math.cos((latitude * Math.PI) / 180));
  const rows = statement(
    db,
    `SELECT code, latitude, longitude FROM access_points
     WHERE country = ? AND latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ?${query.labelless ? ' AND labelless = 1' : ''}`,
  ).all(query.country, latitude - dLat, latitude + dLat, longitude - dLon, longitude + dLon);
  const near = rows
    .map((row) => ({
      code: row['code'] as string,
      distance: distanceMetres(origin.position, {
        latitude: row['latitude'] as number,
        longitude: row['longitude'] as number,
      }),
    }))
    .filter((row) => row.distance <= query.radiusMetres)
    .sort((a, b) => a.distance - b.distance || a.code.localeCompare(b.code));
  const read = statement(db, 'SELECT point FROM access_points WHERE code = ?');
  const accessPoints = [];
  for (const { code, distance } of near) {
    if (accessPoints.length === query.limit) break;
    const point = JSON.parse(read.get(code)?.['point'] as string) as StoredAccessPoint;
    if (query.type && point.type !== query.type) continue;
    accessPoints.push(asAnswered(point, distance));
  }
  return { origin, accessPoints };
}

/** How many places the label e-mail names, and how far from the sender they may be. */
export const mailPlaces = { limit: 3, radiusMetres: 30_000 } as const;

/**
 * The places nearest to a return's sender that take it (a label-less one where the code is
 * printed or scanned), for the label e-mail: from the sender's postcode in Czechia, as the sent
 * page searches; none for a driver pickup or a sender abroad.
 */
export function nearestForReturn(db: DatabaseSync, request: CreationRequest): AccessPoint[] {
  const { sender } = request;
  if (request.prepaidDriverPickUp || sender.country !== 'CZ') return [];
  const found = searchAccessPoints(db, {
    country: 'CZ',
    zipCode: sender.zipCode,
    city: sender.city,
    labelless: request.labelless,
    ...mailPlaces,
  });
  return found?.accessPoints ?? [];
}
