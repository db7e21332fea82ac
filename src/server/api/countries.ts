import type { Country } from '../../lib/contract.ts';
import type { ApiDeps, ApiRequest } from './deps.ts';
import { bearerOf, cultureOf } from './request.ts';
import { fromError, json } from './respond.ts';

const ttlMs = 60 * 60 * 1000;
let cached: { at: number; countries: Promise<Country[]> } | undefined;

/** Forgets the cached list (for tests). */
export function clearCountryCache(): void {
  cached = undefined;
}

/**
 * GET /api/countries — the carrier's country list, fetched once an hour and shared by all
 * requests (a failed fetch is not kept). Browsers may cache it for an hour too.
 */
export async function getCountries(
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
}
