import { splitLocale } from '../lib/locales.ts';

/**
 * The route patterns the request metrics count by (src/server/metrics.ts). A label value is
 * one of these, never the path itself: a path carries return-link tokens, batch ids and label
 * guids, and whatever a scanner makes up would become a series of its own.
 */
export const httpRoutes = [
  '/',
  '/returns',
  '/returns/sent/:batchId',
  '/returns/error',
  '/returns/page-not-found',
  '/returns/accessibility',
  '/api/returns',
  '/api/returns/:batchId',
  '/api/returns/:batchId/events',
  '/api/labels/:labelGuid',
  '/api/return-page',
  '/api/countries',
  '/api/addresses',
  '/api/access-points',
  '/api/human-check',
  '/api/human-check/challenge',
  '/healthz',
  '/readyz',
  '/keystatic',
  'asset',
  'other',
] as const;

export type HttpRoute = (typeof httpRoutes)[number];

const exact = new Set<string>(httpRoutes.filter((route) => route.startsWith('/') && !route.includes(':')));
const pages = new Set([
  '/',
  '/returns',
  '/returns/error',
  '/returns/page-not-found',
  '/returns/accessibility',
]);

/**
 * The route pattern of a request path, in either language: `/en/returns/sent/…` is
 * `/returns/sent/:batchId`, any other path under /returns is the form page that answers it,
 * `/_astro/*` and other file names are `asset`, the rest `other`. A trailing slash is ignored.
 */
export function routeOf(pathname: string): HttpRoute {
  const path = (pathname.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '') || '/';
  if (path.startsWith('/_astro/')) return 'asset';
  if (/^\/(?:api\/)?keystatic(?:\/|$)/i.test(path)) return '/keystatic';
  if (path.startsWith('/api/')) {
    if (exact.has(path)) return path as HttpRoute;
    if (/^\/api\/returns\/[^/]+$/.test(path)) return '/api/returns/:batchId';
    if (/^\/api\/returns\/[^/]+\/events$/.test(path)) return '/api/returns/:batchId/events';
    if (/^\/api\/labels\/[^/]+$/.test(path)) return '/api/labels/:labelGuid';
    return 'other';
  }
  if (path === '/healthz' || path === '/readyz') return path;
  const page = splitLocale(path).path;
  if (/^\/returns\/sent\/[^/]+$/.test(page)) return '/returns/sent/:batchId';
  if (pages.has(page)) return page as HttpRoute;
  if (page.startsWith('/returns/sent/')) return 'other';
  if (page.startsWith('/returns/')) return '/returns';
  if (/\/[^/]*\.[A-Za-z0-9]{1,8}$/.test(path)) return 'asset';
  return 'other';
}
