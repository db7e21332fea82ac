import { $culture } from './stores/culture.ts';

/** Where the carrier's login leaves a session's bearer token (spec §6). */
const bearerKey = 'returns.bearerToken';

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      status: number;
      code: string;
      retryAfterSeconds?: number;
      /** A 400's field paths and messages (the contract package, apiErrorSchema). */
      fields?: { path: string; message: string }[];
    };

/**
 * Logs a failure the way spec §8 asks: a structured object with a code, never personal data
 * (no query strings, no form values).
 */
export function logFailure(
  code: 'apiException' | 'networkException' | 'unknownError' | 'configurationParameterLoadFailed',
  call: string,
  status?: number,
): void {
  console.error({ code, call, ...(status !== undefined && { status }) });
}

/** Headers every call to the site's API carries. */
export function apiHeaders(extra: Record<string, string> = {}): Record<string, string> {
  let bearer: string | null = null;
  try {
    bearer = sessionStorage.getItem(bearerKey);
  } catch {
    // Storage can be blocked; the call goes without a session then.
  }
  return {
    Accept: 'application/json',
    'Accept-Language': $culture.get(),
    ...(bearer && { Authorization: `Bearer ${bearer}` }),
    ...extra,
  };
}

/** An answer's Retry-After in whole seconds (a delay or an HTTP date), if it has one. */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('retry-after') ?? '';
  const seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : undefined;
}

/** Calls the site's API and reads its JSON; never throws. `call` names the call in logs. */
export async function callApi<T>(call: string, url: string, init: RequestInit = {}): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: apiHeaders(init.headers as Record<string, string>) });
  } catch {
    logFailure('networkException', call);
    return { ok: false, status: 0, code: 'networkError' };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    logFailure('unknownError', call, response.status);
    return { ok: false, status: response.status, code: 'unexpectedError' };
  }
  if (!response.ok) {
    const { code, fields } = (body ?? {}) as { code?: unknown; fields?: unknown };
    // The site's configuration is incomplete: logged under the spec's own code (§8).
    const configuration = code === 'configurationParameterLoadFailed';
    logFailure(configuration ? code : 'apiException', call, response.status);
    const retryAfterSeconds = retryAfterOf(response);
    return {
      ok: false,
      status: response.status,
      code: typeof code === 'string' ? code : 'unexpectedError',
      ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
      ...(Array.isArray(fields) && { fields: fields as { path: string; message: string }[] }),
    };
  }
  return { ok: true, status: response.status, data: body as T };
}
