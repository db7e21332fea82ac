import * as z from 'zod/mini';
import { accessPointTypes, countryCodePattern } from '@parcel-returns/contract';
import { searchAccessPoints } from '../accessPoints/search.ts';
import { fieldErrors, HttpError, sendJson } from './respond.ts';
import type { Handler } from './routes.ts';

const number = (min: number, max: number) => z.coerce.number().check(z.minimum(min), z.maximum(max));
const text = z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100)));

const querySchema = z
  .object({
    CountryCode: z.string().check(z.regex(countryCodePattern)),
    Latitude: z.optional(number(-90, 90)),
    Longitude: z.optional(number(-180, 180)),
    ZipCode: text,
    City: text,
    Radius: z._default(number(100, 200_000), 20_000),
    Limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 10),
    Labelless: z.optional(z.enum(['true', 'false'])),
    AccessPointType: z.optional(z.enum(accessPointTypes)),
  })
  .check(
    z.refine((q) => (q.Latitude === undefined) === (q.Longitude === undefined), {
      message: 'Latitude and Longitude go together',
      path: ['Longitude'],
    }),
    z.refine((q) => q.Latitude !== undefined || q.ZipCode !== undefined || q.City !== undefined, {
      message: 'Give Latitude and Longitude, ZipCode or City',
      path: ['ZipCode'],
    }),
  );

/**
 * `GET /AccessPoint?CountryCode=CZ&ZipCode=|City=|Latitude=&Longitude=[&Radius=&Limit=&Labelless=true&AccessPointType=]`:
 * an extension of the carrier API (carrier/README.md), the pick-up shops and lockers nearest to a
 * position, postcode or town. A postcode or town the carrier does not know is a 404 `placeNotFound`.
 */
export const accessPoints: Handler = (ctx, _req, res, url) => {
  const parsed = querySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success)
    throw new HttpError(400, 'badRequest', 'The query is not valid.', fieldErrors(parsed.error.issues));
  const q = parsed.data;
  const found = searchAccessPoints(ctx.db, {
    country: q.CountryCode,
    position:
      q.Latitude !== undefined && q.Longitude !== undefined
        ? { latitude: q.Latitude, longitude: q.Longitude }
        : undefined,
    zipCode: q.ZipCode,
    city: q.City,
    labelless: q.Labelless === 'true',
    type: q.AccessPointType,
    radiusMetres: q.Radius,
    limit: q.Limit,
  });
  if (!found)
    throw new HttpError(404, 'placeNotFound', 'No place has this postcode or name.', [
      { path: q.ZipCode !== undefined ? 'ZipCode' : 'City', message: 'Unknown place' },
    ]);
  sendJson(res, 200, found);
};
