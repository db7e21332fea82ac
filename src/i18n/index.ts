import type { TranslationFunctions } from './i18n-types.ts';
import { baseLocale, i18nObject, loadedLocales, locales as dictionaryLocales } from './i18n-util.ts';
import { loadAllLocales } from './i18n-util.sync.ts';
import { assertLocalesHaveDictionaries, assertParity } from './parity.ts';
import { locales, type Locale } from '../lib/locales.ts';

// Runs when the build first renders a page, so a missing key or a missing dictionary fails the build.
loadAllLocales();
assertLocalesHaveDictionaries(locales, dictionaryLocales);
assertParity(
  loadedLocales[baseLocale],
  Object.fromEntries(Object.entries(loadedLocales).filter(([locale]) => locale !== baseLocale)),
);

const made = new Map<Locale, TranslationFunctions>();

/** The translation functions of one locale, made once (they hold no state of a request). */
export function translations(locale: Locale): TranslationFunctions {
  let functions = made.get(locale);
  if (!functions) made.set(locale, (functions = i18nObject(locale)));
  return functions;
}
