import type { APIContext, MiddlewareHandler } from 'astro';
import { localeFromLng, localizedPath, splitLocale } from '../../lib/locales.ts';
import { isApiPath, refusal } from '../answers.ts';
import { isEditorPath } from '../editorAccess.ts';

/** The form page of a link: `/returns` and every path under it that is no page of its own. */
const formRoute = '/returns';
const isFormPath = (path: string) => path === formRoute || path.startsWith(`${formRoute}/`);

/** The route patterns Astro gives a request no page or endpoint matches. */
const notFoundRoutes = new Set(['/404']);
/** Where each language's home sends the sender (spec §2: the home has no page). */
const homeTarget = '/returns/page-not-found';
/** The form page's own routes: the page and the answer to its POST. */
const formRoutes = new Set(['/[...lang]/returns', '/[...lang]/returns/submit']);

/** Whether a request is for the form page: its own route, or a path under it that no page has. */
export function isFormRequest(context: Pick<APIContext, 'url' | 'routePattern'>): boolean {
  if (formRoutes.has(context.routePattern)) return true;
  return notFoundRoutes.has(context.routePattern) && isFormPath(splitLocale(context.url.pathname).path);
}

/**
 * Which page answers (spec §2 and §4): `?lng=` naming a language in any case (`en`, `SK`) picks
 * a page's twin in that language; the form page answers every path under /returns that is no page
 * of its own, and its POST is the form sent without scripts (submit.astro); a path no route knows
 * is the not-found page of its language (src/pages/404.astro), or the API's JSON 404 under /api/.
 * Each language's home (`/`, `/en`, …) redirects to its not-found page with its query. A rewrite
 * keeps the URL the browser asked for.
 */
export const routes: MiddlewareHandler = (context, next) => {
  const { request, url } = context;
  const unknown = notFoundRoutes.has(context.routePattern);
  if (isApiPath(url.pathname)) return unknown ? refusal(url.pathname, 404, request.method) : next();
  if (isEditorPath(url.pathname)) return next();
  const asked = splitLocale(url.pathname.replace(/\/+$/, '') || '/');
  const locale = localeFromLng(url.searchParams.get('lng')) ?? asked.locale;
  if (asked.path === '/') return context.redirect(`${localizedPath(locale, homeTarget)}${url.search}`, 302);
  const form = isFormRequest(context);
  if (form && request.method === 'POST')
    return next(`${localizedPath(locale, `${formRoute}/submit`)}${url.search}`);
  if (form && unknown) return next(`${localizedPath(locale, formRoute)}${url.search}`);
  if (unknown) return next(`${localizedPath(locale, '/404')}${url.search}`);
  if (locale !== asked.locale) return next(`${localizedPath(locale, asked.path)}${url.search}`);
  return next();
};
