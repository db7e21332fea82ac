import type { Country } from '../../lib/contract.ts';
import { countries as allCountries } from '../../lib/countries.ts';
import type { Culture } from '../../lib/locales.ts';

export interface CountryOption {
  value: string;
  label: string;
}

/** Spec §2: local (Czech) names for the Czech culture, ISO names otherwise; sorted as the culture sorts. */
export function countryOptions(countries: readonly Country[], culture: Culture): CountryOption[] {
  const czech = culture === 'cs-CZ';
  const collator = new Intl.Collator(culture);
  return countries
    .map((c) => ({ value: c.code, label: czech ? c.name : c.isoName }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** The name shown for a code before the list has loaded. */
export function countryName(code: string, culture: Culture, countries: readonly Country[]): string {
  const known = countries.find((c) => c.code === code);
  if (known) return culture === 'cs-CZ' ? known.name : known.isoName;
  return new Intl.DisplayNames([culture], { type: 'region' }).of(code) ?? code;
}

/**
 * The country names the page was rendered with, read from its native list: the island's first
 * render must show the same list, and reading it costs the page nothing, where props would
 * carry it a second time.
 */
export function optionsOnPage(): CountryOption[] {
  const select = document.querySelector<HTMLSelectElement>('select#country');
  return Array.from(select?.options ?? [])
    .filter((option) => option.value)
    .map((option) => ({ value: option.value, label: option.text }));
}

/** Every country of the build's list for the native select, rendered on the server only. */
export function buildCountryOptions(culture: Culture): CountryOption[] {
  return countryOptions(allCountries, culture);
}
