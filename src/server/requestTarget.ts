/**
 * The request target as the site reads it, before any router sees it, on both targets (the
 * Node server's listener, src/server/node/httpServer.ts, and the worker, src/worker.ts):
 *
 * - Slashes in a row count as one, and a backslash is a slash (as browsers read it): the
 *   framework would answer `/api/returns//` with a redirect page of its own that names the
 *   `Host` it was asked for, where the site answers the path it means.
 * - A query whose escapes do not decode as UTF-8 (`?token=%FF%FE`) is read as the platform's
 *   URL parser reads it, each byte that is no character a U+FFFD, and written again in escapes
 *   that decode: the Node adapter refuses the whole request in plain text otherwise. A page then
 *   answers a value it does not know by its own rules (a link it does not know, a parameter it ignores).
 *
 * Returns the target to serve, or `undefined` when it is already one. The path's own escapes
 * are left as they are: a path that does not decode is refused by the caller (400).
 */
export function servedTarget(target: string): string | undefined {
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? '' : target.slice(queryAt + 1);
  const mergedPath = /\/\/|\\/.test(path) ? path.replace(/\\/g, '/').replace(/\/{2,}/g, '/') : path;
  const readQuery = decodes(query) ? query : new URLSearchParams(query).toString();
  if (mergedPath === path && readQuery === query) return undefined;
  return queryAt === -1 ? mergedPath : `${mergedPath}?${readQuery}`;
}

/** Whether every escape in a part of a URL decodes. */
export function decodes(part: string): boolean {
  if (!part.includes('%')) return true;
  try {
    decodeURIComponent(part);
    return true;
  } catch {
    return false;
  }
}
