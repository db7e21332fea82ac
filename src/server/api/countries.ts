import type { Country } from '@parcel-returns/contract';
import type { ApiDeps, ApiRequest } from './deps.ts';
import { bearerOf, cultureOf } from './request.ts';
import { fromError, json } from './respond.ts';

const ttlMs = 60 * 60 * 1000;

/**
 * GET /api/countries — the carrier's country list, fetched once an hour and shared by all
 * requests to one handler made here (a failed fetch is not kept). Browsers may cache it for an
 * hour too.
 */
export function createGetCountries() {
  let cached: { at: number; countries: Promise<Country[]> } | undefined;
  return async function getCountries(
    deps: ApiDeps,
    { request }: ApiRequest,
    now = Date.now(),
  ): Promise<Response> {
    if (!cached || now - cached.at > ttlMs) {
      const entry = {
        at: now,
        countries: deps.carrier.countries({ culture: cultureOf(request), bearer: bearerOf(request) }),
      };
      cached = entry;
      entry.countries.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    try {
      return json(await cached.countries, 200, { 'Cache-Control': 'public, max-age=3600' });
    } catch (error) {
      return fromError(error, deps.log, 'countries');
    }
  };
}

/** The site's country list handler, one cache for the process. */
export const getCountries = createGetCountries();
