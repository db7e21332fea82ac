/**
 * `npm run carrier:cli -- access-points list|add`: the operator's view of the access points, on
 * the same SQLite file as the running carrier.
 */
import type { DatabaseSync } from 'node:sqlite';
import { accessPointSchema, accessPointTypes, type AccessPointType } from '@parcel-returns/contract';
import { formatOpeningHours, parseOpeningHours } from './hours.ts';
import { searchAccessPoints } from './search.ts';
import {
  accessPointTimeZone,
  ensureAccessPointSchema,
  listAccessPoints,
  saveAccessPoint,
  seedAccessPoints,
} from './store.ts';
import type { StoredAccessPoint } from './data.ts';

/** A refusal with `usage` is a mistyped command, answered with the usage. */
type Outcome = { ok: true; message: string } | { ok: false; message: string; usage?: boolean };

interface Options {
  near?: string | undefined;
  labelless?: boolean | undefined;
  code?: string | undefined;
  type?: string | undefined;
  name?: string | undefined;
  street?: string | undefined;
  zip?: string | undefined;
  city?: string | undefined;
  country?: string | undefined;
  lat?: string | undefined;
  lon?: string | undefined;
  hours?: string | undefined;
  wheelchair?: boolean | undefined;
  'max-parcel'?: string | undefined;
}

const line = (point: StoredAccessPoint, distance?: number) =>
  [
    point.code,
    point.type.padEnd(6),
    distance === undefined ? undefined : `${(distance / 1000).toFixed(1)} km`,
    `${point.name}, ${point.address.street}, ${point.address.zipCode} ${point.address.city}`,
    `(${point.position.latitude}, ${point.position.longitude})`,
    formatOpeningHours(point.openingHours),
    point.labelless ? 'label-less' : undefined,
    point.wheelchairAccessible ? 'wheelchair' : undefined,
  ]
    .filter((part) => part !== undefined)
    .join('  ');

export function runAccessPointCommand(db: DatabaseSync, action: string | undefined, o: Options): Outcome {
  ensureAccessPointSchema(db);
  seedAccessPoints(db);
  if (action === 'list') {
    if (o.near) {
      const zip = /^\d{3}\s?\d{2}$/.test(o.near.trim());
      const found = searchAccessPoints(db, {
        country: 'CZ',
        ...(zip ? { zipCode: o.near } : { city: o.near }),
        labelless: o.labelless,
        radiusMetres: 200_000,
        limit: 10,
      });
      if (!found) return { ok: false, message: `placeNotFound: no postcode or town "${o.near}"` };
      return {
        ok: true,
        message: [`Near ${found.origin.name}:`, ...found.accessPoints.map((p) => line(p, p.distance))].join(
          '\n',
        ),
      };
    }
    const points = listAccessPoints(db).filter((p) => !o.labelless || p.labelless);
    return {
      ok: true,
      message: [...points.map((p) => line(p)), `${points.length} access points`].join('\n'),
    };
  }
  if (action === 'add') {
    const hours = parseOpeningHours(o.hours ?? '');
    if (typeof hours === 'string') return { ok: false, usage: true, message: `--hours: ${hours}` };
    const max = /^(\d+)x(\d+)x(\d+)\/(\d+(?:\.\d+)?)$/.exec(o['max-parcel'] ?? '120x60x60/31.5');
    if (!max) return { ok: false, usage: true, message: '--max-parcel must be like 120x60x60/31.5' };
    const type = o.type as AccessPointType;
    if (!accessPointTypes.includes(type))
      return { ok: false, usage: true, message: '--type must be shop or locker' };
    const point = {
      code: o.code?.trim(),
      type,
      name: o.name?.trim(),
      address: {
        street: o.street?.trim(),
        zipCode: o.zip?.replace(/\s+/g, ''),
        city: o.city?.trim(),
        country: (o.country ?? 'CZ').toUpperCase(),
      },
      position: { latitude: Number(o.lat), longitude: Number(o.lon) },
      openingHours: hours,
      labelless: o.labelless ?? false,
      maxParcel: {
        lengthCm: Number(max[1]),
        widthCm: Number(max[2]),
        heightCm: Number(max[3]),
        weightKg: Number(max[4]),
      },
      wheelchairAccessible: o.wheelchair ?? false,
      timeZone: accessPointTimeZone,
      distance: 0,
    };
    const checked = accessPointSchema.safeParse(point);
    if (!checked.success || !o.street?.trim() || !o.zip?.trim() || !o.city?.trim() || !o.lat || !o.lon) {
      const paths = checked.success ? [] : checked.error.issues.map((issue) => issue.path.join('.'));
      return {
        ok: false,
        usage: true,
        message:
          `Invalid access point: check --code, --name, --street, --zip, --city, --lat, --lon ${paths.join(' ')}`.trim(),
      };
    }
    const { distance: _d, timeZone: _t, ...stored } = checked.data;
    saveAccessPoint(db, stored);
    return { ok: true, message: line(stored) };
  }
  return { ok: false, message: 'access-points needs list or add', usage: true };
}
