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

const made = new Map<Locale, TranslationFunctions>();

/** The translation functions of one locale, made once (they hold no state of a request). */
export function translations(locale: Locale): TranslationFunctions {
  let functions = made.get(locale);
  if (!functions) made.set(locale, (functions = i18nObject(locale)));
  return functions;
}
