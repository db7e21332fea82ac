import cs from './cs/index.ts';
import en from './en/index.ts';
import type { TranslationFunctions } from './i18n-types.ts';
import { i18nObject } from './i18n-util.ts';
import { loadAllLocales } from './i18n-util.sync.ts';
import { assertParity } from './parity.ts';
import type { Locale } from '../lib/locales.ts';

// Runs when the build first renders a page, so a missing key fails the build.
assertParity(cs, { en });
loadAllLocales();

/** The translation functions of one locale. */
export function translations(locale: Locale): TranslationFunctions {
  return i18nObject(locale);
}
