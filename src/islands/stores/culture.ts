import { atom } from 'nanostores';
import { cultures, defaultLocale, type Culture } from '../../lib/locales.ts';

/** The culture the page is in: every page names it in `<html lang>` (Base.astro). */
function pageCulture(): Culture {
  // The server renders the islands too, where there is no document.
  const lang = (globalThis as { document?: Document }).document?.documentElement.lang;
  return Object.values(cultures).find((culture) => culture === lang) ?? cultures[defaultLocale];
}

/**
 * The page's culture (spec §3 "main"): the page's own from the start, on every page with an
 * island (the form, the sent page), so that no API call goes in another language; the form's
 * island sets it again from the page it hydrates on. API calls send it as Accept-Language.
 */
export const $culture = atom<Culture>(pageCulture());

/** Replaces the culture. */
export function setCulture(culture: Culture): void {
  $culture.set(culture);
}
