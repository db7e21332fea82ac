import { CarrierCallError } from '../carrier/errors.ts';
import type { SiteLogger } from '../log.ts';

const noStore = { 'Cache-Control': 'no-store' };

/** A JSON answer; API answers are never cached unless the caller says so. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...noStore, ...headers },
  });
}

/** The error body the browser gets: a stable code, a message, and field paths for a 400. */
export function problem(
  status: number,
  code: string,
  message: string,
  fields?: { path: string; message: string }[],
  headers: Record<string, string> = {},
): Response {
  return json({ code, message, ...(fields && { fields }) }, status, headers);
}

/** Turns whatever a handler threw into a clear answer; nothing unexpected becomes a bare 500. */
export function fromError(error: unknown, log: SiteLogger, call: string): Response {
  if (error instanceof CarrierCallError)
    return problem(error.status, error.code, error.message, error.fields);
  log.error('unknownError', { call, detail: error instanceof Error ? error.message : String(error) });
  return problem(500, 'unexpectedError', 'An unexpected server error occurred.');
}

/** Field errors from a failed zod parse. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}
