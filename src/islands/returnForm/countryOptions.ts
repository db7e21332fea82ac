import type { Country } from '../../lib/contract.ts';
import { countries as allCountries } from '../../lib/countries.ts';
import type { Culture } from '../../lib/locales.ts';

export interface CountryOption {
  value: string;
  label: string;
}

/**
 * Spec §2: local (Czech) names for the Czech culture, ISO names otherwise; sorted as the culture
 * sorts. `sortedBefore` is a list already sorted that way (the page's native list, sorted when it
 * was built): when it holds every name, its order is reused, so the island does not load the
 * culture's collation (tens of milliseconds on a phone, while it takes the page over).
 */
export function countryOptions(
  countries: readonly Country[],
  culture: Culture,
  sortedBefore: readonly CountryOption[] = [],
): CountryOption[] {
  const czech = culture === 'cs-CZ';
  const options = countries.map((c) => ({ value: c.code, label: czech ? c.name : c.isoName }));
  const keyOf = (option: CountryOption) => `${option.value}\n${option.label}`;
  const position = new Map(sortedBefore.map((option, index) => [keyOf(option), index]));
  if (options.every((option) => position.has(keyOf(option)))) {
    return options.sort((a, b) => (position.get(keyOf(a)) ?? 0) - (position.get(keyOf(b)) ?? 0));
  }
  const collator = new Intl.Collator(culture);
  return options.sort((a, b) => collator.compare(a.label, b.label));
}

/**
 * The name shown for a code: from the carrier's list once it has loaded, before that from the
 * culture's names the page was built with (its native list), so the island never needs the
 * browser's own region names (Intl.DisplayNames, whose first use loads locale data for tens of
 * milliseconds on a phone while the island takes over).
 */
export function countryName(
  code: string,
  culture: Culture,
  countries: readonly Country[],
  pageOptions: () => readonly CountryOption[],
): string {
  const known = countries.find((c) => c.code === code);
  if (known) return culture === 'cs-CZ' ? known.name : known.isoName;
  return pageOptions().find((option) => option.value === code)?.label ?? code;
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

/** A list read once, when first asked for: the page's 250 options are read only by what needs them. */
export function readOnce(read: () => CountryOption[]): () => readonly CountryOption[] {
  let options: CountryOption[] | undefined;
  return () => (options ??= read());
}

const built = new Map<Culture, CountryOption[]>();

/**
 * Every country of the build's list for the native select, rendered on the server only: sorted
 * once per culture (a collation of 250 names is worth keeping), a copy for each page.
 */
export function buildCountryOptions(culture: Culture): CountryOption[] {
  let options = built.get(culture);
  if (!options) built.set(culture, (options = countryOptions(allCountries, culture)));
  return [...options];
}
