/**
 * The product's locales and cultures, in one place: pages, the site server and the
 * islands all read them from here. Czech is the default and unprefixed; English
 * lives under /en.
 */
export const locales = ['cs', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'cs';

export const cultures = { cs: 'cs-CZ', en: 'en-US' } as const satisfies Record<Locale, string>;
export type Culture = (typeof cultures)[Locale];

/** Spec §4: `lng` equal to `en` in any case selects English; any other value selects nothing. */
export function localeFromLng(lng: string | null | undefined): Locale | undefined {
  return lng?.toLowerCase() === 'en' ? 'en' : undefined;
}

/**
 * The query a page's language links and 'Try again' carry on: the page's own without `lng`
 * (the link chooses the language), so the return link's token goes along. Empty when nothing is left.
 */
export function keptQuery(search: URLSearchParams): string {
  const params = new URLSearchParams(search);
  params.delete('lng');
  return params.toString();
}

/** The locale a path belongs to and the path without its locale prefix. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  if (pathname === '/en' || pathname.startsWith('/en/')) {
    return { locale: 'en', path: pathname.slice(3) || '/' };
  }
  return { locale: defaultLocale, path: pathname };
}

/** A route path (`/returns/error`) in the given locale (`/en/returns/error`). */
export function localizedPath(locale: Locale, path: string): string {
  if (locale === defaultLocale) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}
