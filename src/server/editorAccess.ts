import { createHash, timingSafeEqual } from 'node:crypto';

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
function hasCredentials(request: Request, expected: string): boolean {
  const [scheme, encoded = ''] = (request.headers.get('authorization') ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'basic') return false;
  const given = Buffer.from(encoded, 'base64').toString('utf8');
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Keeps the editor closed on a production server. Without credentials configured
 * (CONTENT_EDITOR=off, the default) its paths do not exist: 'notFound'. With them, every
 * request must carry them (HTTP Basic, so only over HTTPS in production): else a 401.
 * Undefined when the request may go on.
 */
export function editorRefusal(
  request: Request,
  credentials: string | undefined,
): 'notFound' | Response | undefined {
  if (credentials === undefined) return 'notFound';
  if (hasCredentials(request, credentials)) return undefined;
  return new Response('Unauthorized', {
    status: 401,
    headers: {
      'WWW-Authenticate': 'Basic realm="Content editor", charset="UTF-8"',
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
    },
  });
}
