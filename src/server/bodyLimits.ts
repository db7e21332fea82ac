import { isEditorPath } from './editorAccess.ts';

/**
 * The largest body each route takes, checked against Content-Length before a byte of the body
 * is read (the middleware, src/server/middleware/refusals.ts) and again where it is read
 * (src/server/api/request.ts), which stops at the same limit when a body comes without a length
 * (chunked). The adapter's `bodySizeLimit` (astro.config.mjs) is the largest of them, behind both.
 */

/**
 * A sender's request: a form or a creation request is a few hundred bytes, so 16 KB leaves room
 * for any real one.
 */
export const maxBodyBytes = 16 * 1024;

/** The content editor's save of a whole content file, the largest body the site takes. */
export const editorBodyBytes = 4 * 1024 * 1024;

/** Whether the request's Content-Length announces more than `limit` bytes. */
export function announcesMoreThan(request: Request, limit: number): boolean {
  const length = Number(request.headers.get('content-length') ?? 0);
  return Number.isFinite(length) && length > limit;
}

/** Whether the request announces a body larger than its route takes. */
export function announcesTooLarge(request: Request, pathname: string): boolean {
  return announcesMoreThan(request, isEditorPath(pathname) ? editorBodyBytes : maxBodyBytes);
}
