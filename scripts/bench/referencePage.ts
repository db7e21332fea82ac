import { readFileSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The yardstick for Lighthouse: the form page of a link as the site renders it, with its
 * JavaScript taken out (every `<script>`, module preload and the astro-island wrappers; the
 * server-rendered markup and the inline CSS stay), served from a tiny server of its own with
 * brotli, as a CDN would.
 */
export function zeroJsMarkup(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, '')
    .replace(/<\/?astro-island\b[^>]*>/g, '');
}

/** Response headers as the reference server sends them: one value, or several for a header that repeats. */
export type ReferenceHeaders = Record<string, string | string[]>;

/** One page the reference server answers: its pathname, the HTML as is, and optionally the headers to send with it. */
export interface ReferencePage {
  path: string;
  html: string;
  /** Sent in place of the server's own few (type, cache, vary); length and encoding are always its own. */
  headers?: ReferenceHeaders;
}

/** What the server sends with a page unless told otherwise: no security headers, as a bare static host would. */
export const plainHeaders: ReferenceHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-cache',
  vary: 'Accept-Encoding',
};

// Headers that belong to one response or one connection, not to the page: the server sets its own.
const perResponse = new Set([
  'content-length',
  'content-encoding',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'etag',
  // A kept answer's age (decision 037).
  'age',
]);

/**
 * The headers a site answer carries that a copy of the page should carry too (security
 * headers, type, caching), so a copy served with them differs from the site only by the server.
 */
export function copiedHeaders(headers: Headers): ReferenceHeaders {
  const copied: ReferenceHeaders = {};
  for (const [name, value] of headers)
    if (!perResponse.has(name) && name !== 'set-cookie') copied[name] = value;
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) copied['set-cookie'] = cookies;
  return copied;
}

/** The same headers with one left out (names compare without case). */
export function withoutHeader(headers: ReferenceHeaders, name: string): ReferenceHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([key]) => key.toLowerCase() !== name.toLowerCase()),
  );
}

interface Served {
  headers: OutgoingHttpHeaders;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const compressed = (body: Buffer, headers: OutgoingHttpHeaders): Served => ({
  headers,
  identity: body,
  br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: gzipSync(body, { level: 9 }),
});

/**
 * Serves each page at its own path, as given, with brotli 11 or gzip 9 as the client accepts,
 * and the build's icon at /favicon.svg; anything else is a 404. Several copies of one page
 * with different headers live at different paths. Resolves with its URL and a stop.
 */
export async function startReferenceServer(
  pages: readonly ReferencePage[],
  iconFile = 'dist/client/favicon.svg',
): Promise<{ url: string; stop: () => Promise<void> }> {
  const files = new Map<string, Served>(
    pages.map((page) => [page.path, compressed(Buffer.from(page.html), page.headers ?? plainHeaders)]),
  );
  if (files.size !== pages.length) throw new Error('two reference pages share a path');
  files.set(
    '/favicon.svg',
    compressed(readFileSync(iconFile), {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=3600',
      vary: 'Accept-Encoding',
    }),
  );
  const server: Server = createServer((req, res) => {
    const file = files.get(new URL(req.url ?? '/', 'http://reference.invalid').pathname);
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    const accepted = req.headers['accept-encoding'] ?? '';
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    const body = file[encoding ?? 'identity'];
    res.writeHead(200, {
      ...file.headers,
      'content-length': String(body.length),
      ...(encoding && { 'content-encoding': encoding }),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
