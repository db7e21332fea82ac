/**
 * The product's locales and cultures, in one place: pages, the site server, the islands, the
 * content editor and the reference carrier all read them from here. Czech is the default and
 * unprefixed; every other language lives under its code (/en, /sk, …). Adding a language is one
 * line here, its dictionary (src/i18n/<locale>/) and its content (src/content/shell/<locale>.json):
 * docs/editing.md.
 */
export const cultures = {
  cs: 'cs-CZ',
  en: 'en-US',
  sk: 'sk-SK',
  pl: 'pl-PL',
  hu: 'hu-HU',
} as const;
export type Locale = keyof typeof cultures;
export type Culture = (typeof cultures)[Locale];
export const locales = Object.keys(cultures) as Locale[];
export const defaultLocale: Locale = 'cs';

/** Whether a string is one of the locales, exactly as written (a path's prefix, a file's name). */
export function isLocale(value: string | null | undefined): value is Locale {
  return value != null && Object.hasOwn(cultures, value);
}

/** Spec §4: `lng` naming a locale in any case (`en`, `SK`, `Pl`) selects it; any other value selects nothing. */
export function localeFromLng(lng: string | null | undefined): Locale | undefined {
  const code = lng?.toLowerCase();
  return isLocale(code) ? code : undefined;
}

/**
 * The locale of a language tag such as `pl-PL`, `en` or `hu-HU,hu;q=0.9` (its first language
 * only, as the island sends its culture); undefined for a language the site does not have.
 */
export function localeOfTag(tag: string | null | undefined): Locale | undefined {
  return localeFromLng(/^\s*([A-Za-z]{2,3})\b/.exec(tag ?? '')?.[1]);
}

/** The locale a path belongs to and the path without its locale prefix. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const prefix = /^\/([^/]+)(?=\/|$)/.exec(pathname)?.[1];
  if (prefix !== undefined && prefix !== defaultLocale && isLocale(prefix)) {
    return { locale: prefix, path: pathname.slice(prefix.length + 1) || '/' };
  }
  return { locale: defaultLocale, path: pathname };
}

/** A route path (`/returns/error`) in the given locale (`/en/returns/error`). */
export function localizedPath(locale: Locale, path: string): string {
  if (locale === defaultLocale) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}
