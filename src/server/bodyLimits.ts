import { maxBodyBytes } from './api/request.ts';
import { isEditorPath } from './editorAccess.ts';

/**
 * The largest body each route takes, checked against Content-Length before a byte of the body
 * is read: a sender's request (src/server/api/request.ts), or the content editor's save of a
 * whole content file. A body sent without a length (chunked) is bounded where it is read: the
 * endpoints' readers stop at the same limit, and the adapter's `bodySizeLimit` backs them up.
 */
const bodyLimits = {
  default: maxBodyBytes,
  editor: 4 * 1024 * 1024,
} as const;

/** The body limit of a path. */
function bodyLimitFor(pathname: string): number {
  return isEditorPath(pathname) ? bodyLimits.editor : bodyLimits.default;
}

/** Whether the request announces a body larger than its route takes. */
export function announcesTooLarge(request: Request, pathname: string): boolean {
  const length = Number(request.headers.get('content-length') ?? 0);
  return Number.isFinite(length) && length > bodyLimitFor(pathname);
}
