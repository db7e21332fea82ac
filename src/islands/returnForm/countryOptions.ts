import type { Country } from '../../lib/contract.ts';
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
