import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { withOwnScriptHashes } from './securityHeaders.ts';

/** A pre-rendered page or public asset, held in memory with its compressed forms. */
export interface StaticFile {
  body: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  type: string;
  etag: string;
  cacheControl: string;
  /** The page's Content-Security-Policy from the build, with the hashes of its own inline scripts only. */
  csp: string | undefined;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

const compressible = /^(text\/|application\/(json|xml)|image\/svg)/;

/** Hashed build assets never change; pages are revalidated on every visit. */
function cacheControlFor(urlPath: string, type: string): string {
  if (urlPath.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (type.startsWith('text/html')) return 'no-cache';
  return 'public, max-age=3600';
}

/** `/returns/error/index.html` is served at `/returns/error`; other files at their own path. */
export function routeOf(file: string): string {
  const path = `/${file.split(sep).join('/')}`;
  if (path === '/index.html') return '/';
  if (path.endsWith('/index.html')) return path.slice(0, -'/index.html'.length);
  if (path.endsWith('.html')) return path.slice(0, -'.html'.length);
  return path;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Reads every file of the client build once, at start, and compresses what compresses.
 * Requests are then answered from memory by route, so no request path ever reaches the file system.
 */
export async function loadStaticFiles(
  clientDir: string,
  cspByRoute: ReadonlyMap<string, string>,
): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  for (const absolute of await listFiles(clientDir)) {
    const body = await readFile(absolute);
    const route = routeOf(relative(clientDir, absolute));
    const type = types[extname(absolute).toLowerCase()] ?? 'application/octet-stream';
    const shrink = compressible.test(type) && body.length > 512;
    const csp = cspByRoute.get(route);
    files.set(route, {
      body,
      br: shrink ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : undefined,
      gzip: shrink ? gzipSync(body, { level: 9 }) : undefined,
      type,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      cacheControl: cacheControlFor(route, type),
      csp: csp && type.startsWith('text/html') ? withOwnScriptHashes(csp, body.toString('utf8')) : csp,
    });
  }
  return files;
}

/** The per-page CSP headers the adapter writes to dist/_headers.json, by route. */
export async function readBuildHeaders(file: string): Promise<Map<string, string>> {
  const entries = JSON.parse(await readFile(file, 'utf8')) as {
    pathname: string;
    headers: { key: string; value: string }[];
  }[];
  const csp = new Map<string, string>();
  for (const entry of entries) {
    const header = entry.headers.find((h) => h.key.toLowerCase() === 'content-security-policy');
    if (header) csp.set(entry.pathname, header.value);
  }
  return csp;
}
