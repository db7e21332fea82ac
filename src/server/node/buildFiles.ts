import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fresh from 'fresh';
import { lookup } from 'mrmime';
import { chosenEncoding, compressible, encodings, type Encoding } from '../encodings.ts';
import { countAs } from '../metrics.ts';
import { writtenAs } from './precompress.ts';

/** A Node middleware: answers, or hands the request on with `next`. */
export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The build's files (dist/client), held in memory from the start and sent as they were written
 * (decision 043): each in the encoding the request takes among the ones written at build
 * (src/server/node/precompress.ts), with its headers made once. The folder is the build's own:
 * hashed scripts and styles, two icons, under a megabyte (the content editor's chunk adds about
 * three when it is built in).
 */

/** The Cache-Control of the build's hashed files (`/_astro/`), as the adapter gives them. */
const immutable = 'public, max-age=31536000, immutable';

interface Sent {
  body: Buffer;
  headers: OutgoingHttpHeaders;
}

interface BuildFile {
  written: Encoding[];
  as: Partial<Record<Encoding | 'identity', Sent>>;
}

function sentAs(bytes: Buffer, shared: OutgoingHttpHeaders, encoding: Encoding | 'identity'): Sent {
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  const headers: OutgoingHttpHeaders = { ...shared, 'Content-Length': bytes.length, ETag: etag };
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  return { body: bytes, headers };
}

/** Every file under `dir` by the path a request names it with (`/_astro/app.js`). */
export function buildFilesIn(dir: string): Map<string, BuildFile> {
  const paths = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
  const all = new Set(paths);
  const files = new Map<string, BuildFile>();
  for (const path of paths) {
    // A compressed copy is sent as its original's encoding, never asked for by its own name.
    const copyOf = (encoding: Encoding) => path.slice(0, -writtenAs[encoding].length);
    if (encodings.some((encoding) => path.endsWith(writtenAs[encoding]) && all.has(copyOf(encoding))))
      continue;
    const type = lookup(path);
    const shared: OutgoingHttpHeaders = {
      'Last-Modified': statSync(join(dir, path)).mtime.toUTCString(),
      ...(type && { 'Content-Type': compressible(type) ? `${type}; charset=utf-8` : type }),
      ...(path.startsWith('_astro/') && { 'Cache-Control': immutable }),
    };
    const written = encodings.filter((encoding) => all.has(path + writtenAs[encoding]));
    if (written.length > 0) shared['Vary'] = 'Accept-Encoding';
    const file: BuildFile = {
      written,
      as: { identity: sentAs(readFileSync(join(dir, path)), shared, 'identity') },
    };
    for (const encoding of written)
      file.as[encoding] = sentAs(readFileSync(join(dir, path + writtenAs[encoding])), shared, encoding);
    files.set(`/${path}`, file);
  }
  return files;
}

/**
 * The build's files, answered from memory: 200 with the bytes (HEAD without), or 304 to a
 * revalidation (`fresh`, as Express decides it). Anything else goes on (`next`): the adapter's
 * handler renders it.
 */
export function buildFiles(clientDir: string): NodeMiddleware {
  const files = buildFilesIn(clientDir);
  return (req, res, next) => {
    let path: string;
    try {
      path = decodeURIComponent((req.url ?? '/').split('?', 1)[0] ?? '');
    } catch {
      next();
      return;
    }
    const file = files.get(path);
    const sent = file?.as[chosenEncoding(req.headers['accept-encoding'], file.written)];
    if (!sent) {
      next();
      return;
    }
    countAs('asset');
    if (fresh(req.headers, { etag: sent.headers['ETag'], 'last-modified': sent.headers['Last-Modified'] })) {
      const { 'Content-Length': _length, ...headers } = sent.headers;
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(200, sent.headers).end(req.method === 'HEAD' ? undefined : sent.body);
  };
}
