import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { applySecurityHeaders } from './securityHeaders.ts';

/**
 * The content editor's page and API (src/editor/integration.ts mounts them when built in), also
 * when spelled with escapes, capitals or doubled slashes that a router behind us might forgive.
 */
export function isEditorPath(pathname: string): boolean {
  let plain = pathname;
  try {
    plain = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: judge the path as it came.
  }
  return /^\/+(?:api\/+)?keystatic(?:\/|$)/i.test(plain);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request's Basic credentials are `user:password`, compared in constant time. */
export function hasCredentials(req: IncomingMessage, expected: string): boolean {
  const [scheme, encoded = ''] = String(req.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'basic') return false;
  const given = Buffer.from(encoded, 'base64').toString('utf8');
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Keeps the editor closed on a production server: without credentials configured
 * (CONTENT_EDITOR=off, the default) its paths do not exist; with them, every request must
 * carry them (HTTP Basic, so only over HTTPS in production). Returns whether it answered.
 */
export function refuseEditor(
  req: IncomingMessage,
  res: ServerResponse,
  credentials: string | undefined,
  notFound: () => void,
): boolean {
  if (credentials === undefined) {
    notFound();
    return true;
  }
  if (hasCredentials(req, credentials)) return false;
  applySecurityHeaders(res);
  res
    .writeHead(401, {
      'WWW-Authenticate': 'Basic realm="Content editor", charset="UTF-8"',
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
    })
    .end('Unauthorized');
  return true;
}
