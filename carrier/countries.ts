import { readFileSync } from 'node:fs';
import { countrySchema, type Country } from '@parcel-returns/contract';
import * as z from 'zod/mini';

/**
 * The countries as the carrier knows them: its own list (`data/countries.json`, each code with its
 * Czech name and its English ISO name), kept as a carrier keeps its code lists, not read from the
 * site. Ordered by code, so that paging is stable.
 */
export const countries: readonly Country[] = z
  .array(countrySchema)
  .parse(JSON.parse(readFileSync(new URL('data/countries.json', import.meta.url), 'utf8')));

/** One page of the list, as GET /ReturnPage/country answers Limit and Offset. */
export function countryPage(limit: number, offset: number): Country[] {
  return countries.slice(offset, offset + limit);
}
