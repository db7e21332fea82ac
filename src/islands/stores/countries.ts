import { atom } from 'nanostores';
import type { Country } from '../../lib/contract.ts';

/**
 * The country list (spec §3 "codelist"): starts empty and is filled once, from the first
 * successful load; later loads leave it as it is.
 */
export const $countries = atom<Country[]>([]);

/** Stores the list if the store is still empty. */
export function storeCountries(countries: Country[]): void {
  if ($countries.get().length === 0 && countries.length > 0) $countries.set(countries);
}
