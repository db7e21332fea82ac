import type { Country } from '@parcel-returns/contract';
import { countryNamesIn } from '../../lib/countries.ts';
import { cultures, defaultLocale, type Culture } from '../../lib/locales.ts';

export interface CountryOption {
  value: string;
  label: string;
}

/**
 * The carrier's name of a country in a culture, where its list has one (spec §2): the local
 * (Czech) name for the Czech culture, the ISO name, which is English, for English. Other languages
 * have none there; they show CLDR's names in their language, which the page was built with.
 */
function carrierName(country: Country, culture: Culture): string | undefined {
  if (culture === cultures[defaultLocale]) return country.name;
  if (culture.startsWith('en-')) return country.isoName;
  return undefined;
}

/**
 * The carrier's list as options, in the culture's names (the carrier's where it has them, else the
 * ones of `sortedBefore`, the page's native list, else the ISO name), sorted as the culture sorts.
 * `sortedBefore` is a list already sorted that way (the page's native list, sorted when it was
 * built): when it holds every name, its order is reused, so the island does not load the culture's
 * collation (tens of milliseconds on a phone, while it takes the page over).
 */
export function countryOptions(
  countries: readonly Country[],
  culture: Culture,
  sortedBefore: readonly CountryOption[] = [],
): CountryOption[] {
  const built = new Map(sortedBefore.map((option) => [option.value, option.label]));
  const options = countries.map((c) => ({
    value: c.code,
    label: carrierName(c, culture) ?? built.get(c.code) ?? c.isoName,
  }));
  return sortedAs(options, culture, sortedBefore);
}

/** Options in the order of `sortedBefore` when it holds every one of them, else as the culture sorts. */
function sortedAs(
  options: CountryOption[],
  culture: Culture,
  sortedBefore: readonly CountryOption[],
): CountryOption[] {
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
  const fromCarrier = known && carrierName(known, culture);
  if (fromCarrier) return fromCarrier;
  return pageOptions().find((option) => option.value === code)?.label ?? known?.isoName ?? code;
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

const built = new Map<Culture, readonly CountryOption[]>();

/**
 * Every country of the build's list for the native select, named by CLDR in the culture's
 * language, rendered on the server only: sorted once per culture (a collation of 250 names is
 * worth keeping) when a page first asks, the same list for every page (CountryField keeps its
 * HTML by it).
 */
export function buildCountryOptions(culture: Culture): readonly CountryOption[] {
  let options = built.get(culture);
  if (!options) {
    const named = countryNamesIn(culture).map(({ code, name }) => ({ value: code, label: name }));
    built.set(culture, (options = Object.freeze(sortedAs(named, culture, []))));
  }
  return options;
}
