import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { allowedAt } from './answers.ts';

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

const refusals: Record<string, [number, string, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [
    408,
    'Request Timeout',
    'requestTimeout',
    'The request took too long to arrive.',
  ],
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'headersTooLarge',
    'The headers are too large.',
  ],
  HPE_INVALID_METHOD: [405, 'Method Not Allowed', 'methodNotAllowed', 'This method is not allowed here.'],
};

/**
 * Answers what Node's parser refuses before a request exists (a timeout, a method it does
 * not know, oversized headers, garbage) as JSON with a stable code, then closes.
 */
function refuse(error: NodeJS.ErrnoException, socket: Duplex): void {
  const pending = (socket as Duplex & { _httpMessage?: { headersSent: boolean } })._httpMessage;
  if (!socket.writable || error.code === 'ECONNRESET' || pending?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, reason, code, message] = refusals[error.code ?? ''] ?? [
    400,
    'Bad Request',
    'badRequest',
    'The request is not valid.',
  ];
  const body = JSON.stringify({ code, message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Cache-Control: no-store\r\n${status === 405 ? `Allow: ${allowedAt('/api/')}\r\n` : ''}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** The site's HTTP server: the listener, bounded client timeouts and JSON refusals. */
export function createSiteServer(listener: RequestListener, timeouts = defaultTimeouts): Server {
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    listener,
  );
  server.on('clientError', refuse);
  // CONNECT (a proxy tunnel) never reaches the listener; without this, Node drops the connection silently.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) =>
    refuse(Object.assign(new Error('CONNECT'), { code: 'HPE_INVALID_METHOD' }), socket),
  );
  return server;
}
