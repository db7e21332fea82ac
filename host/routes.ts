import { localeFromLng, localizedPath, splitLocale, type Locale } from '../src/lib/locales.ts';

/**
 * The site's routes, in one table: the Node host (host/site.ts) decides by it on every request,
 * and the build writes nginx's routing from it (deploy/nginxRoutes.ts), so both answer a URL alike.
 * Slashes in a row count as one (nginx's merge_slashes); a trailing one is ignored on pages.
 */
export const routes = {
  /** Each language's home has no page (spec §2): a 302 to that language's not-found page, query kept. */
  homes: { '/': '/returns/page-not-found', '/en': '/en/returns/page-not-found' },
  /** The not-found page of each language, answered with 404 for any path no route knows. */
  notFound: { cs: '/404', en: '/en/404' },
  /** The form page of a link, rendered on demand for every path under it that is no page of its own. */
  form: '/returns',
  /** The on-demand page that answers the form page posted without scripts (submit.astro). */
  formPost: '/submit',
  /** Rendered on demand under the form page: the success screen of that post. */
  onDemand: '/returns/sent/',
  /** Answered by the Node server as asked: exact paths, and every path under those ending in `/`. */
  proxied: ['/api', '/api/', '/healthz', '/readyz'],
  /** The content editor's page, proxied too when the build has it (its API is under /api/). */
  editor: '/keystatic',
} as const;

/** What answers a GET or HEAD: one of the table's rows. */
export type Route =
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; path: string }
  | { kind: 'form'; path: string }
  | { kind: 'node' }
  | { kind: 'file'; path: string }
  | { kind: 'notFound'; locale: Locale };

/** `a//b/` as nginx sees it: `/a/b/`. */
export const mergeSlashes = (pathname: string) => pathname.replace(/\/{2,}/g, '/');

const trimmed = (path: string) => path.replace(/\/+$/, '') || '/';

/** Whether a path is under a proxied entry: the same path, or below one that ends in `/`. */
function isProxied(path: string, editor = false): boolean {
  const under = (entry: string) => (entry.endsWith('/') ? path.startsWith(entry) : path === entry);
  return (
    routes.proxied.some(under) || (editor && (path === routes.editor || path.startsWith(`${routes.editor}/`)))
  );
}

/** The language of the not-found page: under /en, or asked for with `?lng=en`. */
export function notFoundLocale(url: URL): Locale {
  const english =
    splitLocale(url.pathname).locale === 'en' || localeFromLng(url.searchParams.get('lng')) === 'en';
  return english ? 'en' : 'cs';
}

/**
 * The route of a GET or HEAD. `isPage` says whether the build has a pre-rendered page at a route;
 * `?lng=en` (any case, spec §4) picks a Czech page's English twin when there is one.
 */
export function routeOf(url: URL, isPage: (route: string) => boolean, editor = false): Route {
  const path = mergeSlashes(url.pathname);
  const bare = trimmed(path);
  const home = routes.homes[bare as keyof typeof routes.homes];
  if (home) return { kind: 'redirect', location: `${home}${url.search}` };
  if (bare === routes.notFound.cs || bare === routes.notFound.en)
    return { kind: 'notFound', locale: notFoundLocale(url) };
  if (isProxied(path, editor)) return { kind: 'node' };
  const { locale, path: inLocale } = splitLocale(bare);
  if (inLocale.startsWith(routes.onDemand)) return { kind: 'node' };
  const english = locale !== 'en' && localeFromLng(url.searchParams.get('lng')) === 'en';
  const twin = (route: string) => localizedPath(english ? 'en' : locale, route);
  // The form page itself is the form, pre-rendered or not: it is the page a form posts to.
  const here = localizedPath(locale, inLocale);
  if (inLocale !== routes.form && isPage(here))
    return { kind: 'page', path: isPage(twin(inLocale)) ? twin(inLocale) : here };
  if (inLocale === routes.form || inLocale.startsWith(`${routes.form}/`))
    return { kind: 'form', path: twin(routes.form) };
  return { kind: 'file', path };
}

/** Where a form posted to `url` goes, or undefined when no form page answers there. */
export function formPostOf(url: URL, isPage: (route: string) => boolean): string | undefined {
  const route = routeOf(url, isPage);
  return route.kind === 'form' ? `${route.path}${routes.formPost}${url.search}` : undefined;
}
