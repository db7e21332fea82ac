import type { IncomingMessage, ServerResponse } from 'node:http';
import { stderrLogger } from '../src/server/log.ts';
import { applySecurityHeaders } from './securityHeaders.ts';

/**
 * The answers the site server (the host around Astro) gives itself, before or instead of
 * Astro: an unknown method, a path no route knows, a request it cannot parse, a handler that
 * failed. Under /api/ each is the API's JSON `{ code, message }`; elsewhere short plain text.
 */

/** The methods Astro's handler takes; anything else (TRACE, TRACK, WebDAV's) never reaches it. */
export const handledMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** What the host can say it allows: each endpoint names its own methods in its own 405. */
export const allowedAt = (path: string) => (isApiPath(path) ? 'GET, HEAD, POST' : 'GET, HEAD');

/** Whether a raw request target is under the site's API. */
export function isApiPath(target: string): boolean {
  return target === '/api' || target.startsWith('/api/') || target.startsWith('/api?');
}

type HostStatus = 400 | 404 | 405 | 413 | 500;

const texts: Record<HostStatus, { code: string; message: string; text: string }> = {
  400: { code: 'badRequest', message: 'The request is not valid.', text: 'Bad Request' },
  404: { code: 'notFound', message: 'There is no such endpoint.', text: 'Not Found' },
  405: { code: 'methodNotAllowed', message: 'This method is not allowed here.', text: 'Method Not Allowed' },
  413: { code: 'payloadTooLarge', message: 'The request is too large.', text: 'Payload Too Large' },
  500: {
    code: 'unexpectedError',
    message: 'An unexpected server error occurred.',
    text: 'Internal Server Error',
  },
};

/** Answers with a status the host decides, in the form the path's clients read. */
export function hostAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  status: HostStatus,
  headers: Record<string, string> = {},
): void {
  const { code, message, text } = texts[status];
  const api = isApiPath(req.url ?? '/');
  const body = api ? JSON.stringify({ code, message }) : text;
  applySecurityHeaders(res);
  res.writeHead(status, {
    'Content-Type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** A handler that failed: one JSON log line without a stack, and a 500 if nothing was sent yet. */
export function handlerFailed(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  stderrLogger.error('unknownError', {
    method: req.method,
    path: (req.url ?? '/').split('?')[0],
    detail: error instanceof Error ? error.message : String(error),
  });
  if (res.headersSent) res.destroy();
  else hostAnswer(req, res, 500);
}
