import {
  createServer,
  STATUS_CODES,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import compression from 'compression';
import { handledMethods, refusalOf, type RefusalStatus } from '../answers.ts';
import { brotliParams } from '../encodings.ts';
import { countResponse } from '../metrics.ts';
import { buildFiles, type NodeMiddleware } from './buildFiles.ts';
import { decodes, servedTarget } from '../requestTarget.ts';
import { fileHeaders } from '../securityHeaders.ts';

/** How long a client may take: headers first, then the whole request; idle keep-alive after. */
export interface ClientTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  /** How often Node looks for requests over their time (its default, 30 s, added to every bound). */
  checkEveryMs: number;
}

/** A client that trickles its headers or body in is cut off after seconds, not Node's 300 s. */
export const defaultTimeouts: ClientTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  checkEveryMs: 1_000,
};

/** What Node's parser refuses, by its error code; anything else it cannot parse is a 400. */
const refusedBy: Record<string, RefusalStatus> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
  HPE_INVALID_METHOD: 405,
};

/** Writes a refusal on a socket no response owns yet, and closes it. */
function refuseOnSocket(socket: Duplex, status: RefusalStatus): void {
  // The API's form: these come before a request (and its path) exists.
  const refused = refusalOf('/api/', status, { Connection: 'close' });
  const head = Object.entries(refused.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${refused.body}`);
}

/**
 * The HTTP server the adapter's handler runs in: bounded client timeouts, and what Node's
 * parser refuses before a request exists (a timeout, a method it does not know, oversized
 * headers, garbage, CONNECT) answered as JSON with a stable code, then closed. A socket whose
 * response has begun is only closed: bytes written there would corrupt the answer.
 */
export function createSiteServer(listener: RequestListener, timeouts = defaultTimeouts): Server {
  const answering = new WeakMap<Duplex, ServerResponse>();
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    (req, res) => {
      answering.set(req.socket, res);
      res.once('finish', () => answering.delete(req.socket));
      listener(req, res);
    },
  );
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET' || answering.get(socket)?.headersSent) {
      socket.destroy();
      return;
    }
    refuseOnSocket(socket, refusedBy[error.code ?? ''] ?? 400);
  });
  // CONNECT (a proxy tunnel) never reaches the listener; without this, Node drops the connection silently.
  server.on('connect', (_req, socket: Duplex) => refuseOnSocket(socket, 405));
  return server;
}

/**
 * The listener around the adapter's handler (Astro's app, built as `middleware`): every
 * response counted (a build's file as `asset`, what Astro answers under the route its middleware
 * names, a refusal here as `other`), the static files' security headers (whatever Astro answers sets its own,
 * src/middleware.ts), the request target read as on the edge (src/server/requestTarget.ts), the
 * build's files precompressed (`clientDir`), compression of what is rendered per request (a kept
 * page comes encoded from the route cache, src/server/cache/keptEncoded.ts, and is left so), and
 * the two refusals that cannot reach Astro: a method it cannot build a request for (TRACE would
 * echo the request's headers back) and a path whose escapes do not decode.
 */
export function siteListener(handler: RequestListener, clientDir?: string): RequestListener {
  // The package's types are Express's; it takes Node's own request and response.
  const compress = compression({ brotli: { params: brotliParams } }) as unknown as NodeMiddleware;
  const files = clientDir ? buildFiles(clientDir) : undefined;
  const answer: RequestListener = (req, res) => {
    for (const [name, value] of Object.entries(fileHeaders)) res.setHeader(name, value);
    const target = req.url ?? '/';
    const status = !handledMethods.has(req.method ?? '') ? 405 : !decodes(pathOf(target)) ? 400 : undefined;
    if (status) {
      const refused = refusalOf(target, status);
      res.writeHead(status, refused.headers).end(req.method === 'HEAD' ? undefined : refused.body);
      return;
    }
    req.url = servedTarget(target) ?? target;
    const render = () =>
      compress(req, res, () => {
        handler(req, res);
      });
    if (files && (req.method === 'GET' || req.method === 'HEAD')) files(req, res, render);
    else render();
  };
  return (req, res) => countResponse(req, res, () => answer(req, res));
}

const pathOf = (target: string) => target.split('?', 1)[0] ?? '';
