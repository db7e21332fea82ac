import { atom } from 'nanostores';
import type { Country } from '@parcel-returns/contract';
import { siteApi } from '../../lib/siteApi.ts';
import { callApi } from '../api.ts';

/**
 * The country list (spec §3 "codelist"): starts empty and is filled once, from the first
 * successful load; later loads leave it as it is.
 */
export const $countries = atom<Country[]>([]);

/** Stores the list if the store is still empty. */
export function storeCountries(countries: Country[]): void {
  if ($countries.get().length === 0 && countries.length > 0) $countries.set(countries);
}

let loading: Promise<void> | undefined;

/**
 * Loads the carrier's list once, when the sender reaches for the country field: until then the
 * page's own list (the build's names) serves, and the island takes the page over without the
 * request and the re-render it brings. A failed load is logged by callApi and tried again at
 * the next reach; the build's names stay meanwhile.
 */
export function loadCountries(): Promise<void> {
  if ($countries.get().length > 0) return Promise.resolve();
  loading ??= callApi<Country[]>(siteApi.countries, siteApi.countries).then((result) => {
    if (result.ok) storeCountries(result.data);
    else loading = undefined;
  });
  return loading;
}
