import type { APIContext, MiddlewareHandler } from 'astro';
import { attemptOf, withFreshAttempt } from '../../lib/idempotencyKey.ts';
import { localeFromLng, localizedPath, splitLocale } from '../../lib/locales.ts';
import { isApiPath, refusal } from '../answers.ts';
import { isEditorPath } from '../editorAccess.ts';

/** The form page of a link: `/returns` and every path under it that is no page of its own. */
const formRoute = '/returns';
/** The pages of their own under /returns; every other path there is the form of its link. */
const ownPage = /^\/returns\/(?:accessibility|error|page-not-found|sent\/[^/]+)$/;
/** The route patterns Astro gives a request no page or endpoint matches. */
const notFoundRoutes = new Set(['/404']);
/** Where each language's home sends the sender (spec §2: the home has no page). */
const homeTarget = '/returns/page-not-found';

/** A path without its language prefix and trailing slashes (`/en/returns/` is `/returns`). */
const askedPath = (pathname: string) => splitLocale(pathname.replace(/\/+$/, '') || '/');

/**
 * Whether a request is for the form page: `/returns` in any language, or a path under it that is
 * no page of its own (`/en/returns/submit`, `/returns/returns`), whatever route Astro matched it to.
 */
export function isFormRequest(context: Pick<APIContext, 'url'>): boolean {
  const { path } = askedPath(context.url.pathname);
  return path === formRoute || (path.startsWith(`${formRoute}/`) && !ownPage.test(path));
}

/**
 * Whether a request opens a link's form without an attempt (the shop's e-mail, a new tab, 'Return
 * another shipment', 'Try again'): it goes to the same address with a fresh one (decision 035).
 */
export function opensNewAttempt(url: URL, method: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return url.searchParams.has('token') && !attemptOf(url.searchParams) && isFormRequest({ url });
}

/**
 * The redirect that adds the attempt. It is the sender's own and never kept (the route cache
 * leaves these requests to it, src/server/cache/keptEncoded.ts); the page it leads to is the shared,
 * cached form page.
 */
function newAttempt(context: APIContext): Response | undefined {
  const { request, url } = context;
  if (!opensNewAttempt(url, request.method)) return undefined;
  return new Response(null, {
    status: 302,
    headers: { Location: withFreshAttempt(url.pathname, url.searchParams), 'Cache-Control': 'no-store' },
  });
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
  const asked = askedPath(url.pathname);
  const locale = localeFromLng(url.searchParams.get('lng')) ?? asked.locale;
  if (asked.path === '/') return context.redirect(`${localizedPath(locale, homeTarget)}${url.search}`, 302);
  const form = isFormRequest(context);
  if (form && request.method === 'POST')
    return next(`${localizedPath(locale, `${formRoute}/submit`)}${url.search}`);
  if (form) {
    const attempt = newAttempt(context);
    if (attempt) return attempt;
    if (asked.path !== formRoute || locale !== asked.locale)
      return next(`${localizedPath(locale, formRoute)}${url.search}`);
    return next();
  }
  if (unknown) return next(`${localizedPath(locale, '/404')}${url.search}`);
  if (locale !== asked.locale) return next(`${localizedPath(locale, asked.path)}${url.search}`);
  return next();
};
