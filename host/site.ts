import type { IncomingMessage, ServerResponse } from 'node:http';
import { keptQuery } from '../src/lib/locales.ts';
import { allowedAt, handledMethods, handlerFailed, hostAnswer, isApiPath } from './answers.ts';
import { bodyTooLargeHeader } from '../src/server/api/request.ts';
import { compressNow, preferredEncoding } from '../src/server/compression.ts';
import { announcesTooLarge } from './bodyLimits.ts';
import { isEditorPath, refuseEditor } from './editorAccess.ts';
import { countResponse } from '../src/server/metrics.ts';
import { formPostOf, notFoundLocale, routeOf, routes } from './routes.ts';
import { applySecurityHeaders } from './securityHeaders.ts';
import type { StaticFile } from './staticFiles.ts';

/** The request handler the Astro adapter builds in middleware mode. */
export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
) => void | Promise<void>;

/**
 * Appends the page's query (without `lng`) to links marked `data-keep-query`, so the
 * language switch keeps the return link's token without any client script.
 */
export function withKeptQuery(html: string, search: URLSearchParams): string {
  const query = keptQuery(search).replaceAll('&', '&amp;');
  if (!query) return html;
  return html.replace(/<a\b[^>]*\bdata-keep-query\b[^>]*>/g, (tag) =>
    tag.replace(/\bhref="([^"?#]*)"/, (_, href: string) => `href="${href}?${query}"`),
  );
}

/** Whether the build has a pre-rendered page at a route. */
const pageIn = (files: ReadonlyMap<string, StaticFile>) => (route: string) =>
  Boolean(files.get(route)?.type.startsWith('text/html'));

function send(req: IncomingMessage, res: ServerResponse, status: number, file: StaticFile, url: URL): void {
  const isHtml = file.type.startsWith('text/html');
  applySecurityHeaders(res, isHtml ? file.csp : undefined);
  res.setHeader('Content-Type', file.type);
  res.setHeader('Cache-Control', file.cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  const encoding = preferredEncoding(String(req.headers['accept-encoding'] ?? ''));
  let body: Buffer;
  const html = isHtml ? file.body.toString('utf8') : undefined;
  const kept = html === undefined ? undefined : withKeptQuery(html, url.searchParams);
  if (kept !== undefined && kept !== html) {
    // A page personalised by its query: compressed now, never cached by ETag.
    const raw = Buffer.from(kept);
    body = encoding ? compressNow(raw, encoding) : raw;
    if (encoding) res.setHeader('Content-Encoding', encoding);
  } else {
    if (status === 200) {
      res.setHeader('ETag', file.etag);
      if (req.headers['if-none-match'] === file.etag) {
        res.writeHead(304).end();
        return;
      }
    }
    const compressed = encoding && file[encoding];
    if (compressed) res.setHeader('Content-Encoding', encoding);
    body = compressed || file.body;
  }
  res.setHeader('Content-Length', body.length);
  res.writeHead(status);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function notFound(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  files: ReadonlyMap<string, StaticFile>,
) {
  if (isApiPath(url.pathname)) return hostAnswer(req, res, 404);
  const page = files.get(routes.notFound[notFoundLocale(url)]);
  if (page && (req.method === 'GET' || req.method === 'HEAD')) return send(req, res, 404, page, url);
  applySecurityHeaders(res);
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
}

/** Whether every escape in a path decodes; Astro would log a malformed one as a plain-text line. */
function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** What the site serves beyond its files: the content editor's `user:password`, when it is on. */
export interface SiteOptions {
  editorCredentials?: string | undefined;
}

/** The site's request listener: pre-rendered files from memory, everything else to Astro. */
export function createSiteListener(
  files: ReadonlyMap<string, StaticFile>,
  astro: AstroHandler,
  options: SiteOptions = {},
) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    // First, so that every answer counts, the host's own refusals too.
    countResponse(req, res);
    let url: URL;
    try {
      // `//x` is a path here (nginx reads it as `/x`), not a URL without its scheme.
      const target = req.url ?? '/';
      url = new URL(target.startsWith('/') ? `http://site.invalid${target}` : target, 'http://site.invalid');
    } catch {
      return hostAnswer(req, res, 400);
    }
    // TRACE would echo the request's headers back; Astro cannot even build a request for it.
    if (!handledMethods.has(req.method ?? ''))
      return hostAnswer(req, res, 405, { Allow: allowedAt(url.pathname) });
    // The form page posts to its own URL, token and all; Astro answers it on demand (submit.astro).
    const formPost = req.method === 'POST' ? formPostOf(url, pageIn(files)) : undefined;
    // A body over its route's limit is refused on its announced length, before a byte of it is
    // kept: Node discards the rest as it arrives (so the client, still sending, reads the answer
    // instead of a reset), within the request's time limit. The form posted without scripts gets
    // its page back with a message (submitForm.ts), not a bare 413.
    if (announcesTooLarge(req, url.pathname)) {
      if (formPost === undefined) return hostAnswer(req, res, 413);
      req.headers[bodyTooLargeHeader] = '1';
    }
    const fallback = () => notFound(req, res, url, files);
    if (!decodes(url.pathname)) return hostAnswer(req, res, 400);
    if (isEditorPath(url.pathname) && refuseEditor(req, res, options.editorCredentials, fallback)) return;
    if (req.method === 'GET' || req.method === 'HEAD') {
      const route = routeOf(url, pageIn(files), options.editorCredentials !== undefined);
      if (route.kind === 'redirect') {
        applySecurityHeaders(res);
        res.writeHead(302, { Location: route.location, 'Cache-Control': 'no-cache' }).end();
        return;
      }
      const file = route.kind === 'node' || route.kind === 'notFound' ? undefined : files.get(route.path);
      if (file) return send(req, res, 200, file, url);
      if (route.kind === 'notFound' || route.kind === 'file') return fallback();
      // Astro renders the form page for the link's token, whatever path under /returns it came by.
      if (route.kind === 'form') req.url = `${route.path}${url.search}`;
    }
    if (formPost) req.url = formPost;
    applySecurityHeaders(res);
    try {
      void Promise.resolve(astro(req, res, fallback)).catch((error: unknown) =>
        handlerFailed(req, res, error),
      );
    } catch (error) {
      handlerFailed(req, res, error);
    }
  };
}
