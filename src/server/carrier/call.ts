import type * as z from 'zod/mini';
import { apiErrorSchema, headers } from '@parcel-returns/contract';
import type { Culture } from '../../lib/locales.ts';
import type { SiteLogger } from '../log.ts';
import { CarrierCallError, errorForStatus, fieldsOf, unexpected } from './errors.ts';
import { fetchWithRetry, measured, readJson, type Attempt } from './http.ts';

export interface CarrierClientOptions {
  baseUrl: string;
  apiKey: string;
  appName: string;
  appVersion: string;
  timeoutMs: number;
  log: SiteLogger;
  fetch?: typeof fetch;
}

/** Per request: the sender's culture, and the bearer token of their session if the browser had one. */
export interface CallContext {
  culture: Culture;
  bearer?: string | undefined;
}

/** One request to the carrier: for whom, and how it differs from a GET tried once more on a failure. */
export interface CarrierRequest {
  ctx: CallContext;
  /** Idempotent calls are tried once more after a network error or a 503. */
  retry: boolean;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** The call's own bound, where it is not the client's (the readiness check's). */
  timeoutMs?: number;
}

/** How one JSON call goes beyond a plain GET: its method and body, and how its refusals read. */
export interface JsonCallInit extends Pick<CarrierRequest, 'method' | 'body' | 'headers'> {
  notFoundCode?: string;
  /** A 404 whose body names this code is that code's (an extension answers it; a carrier without one does not). */
  notFoundCodeInBody?: string;
  /** Statuses a client causes (a guessed link or batch): logged as info, not as an error. */
  clientCaused?: readonly number[];
}

/**
 * How the site speaks to the carrier's API, whatever the call (client.ts names the calls): every
 * request carries the API key, the application's name and version, no-cache and accept-language;
 * a JSON answer is read within its bounds and parsed with the shared schema, and a refusal
 * becomes the site's error for its status.
 */
export function carrierCalls(options: CarrierClientOptions) {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const doFetch = options.fetch ?? fetch;

  function requestHeaders(ctx: CallContext, extra: Record<string, string> = {}): Headers {
    const h = new Headers({
      [headers.apiKey]: options.apiKey,
      [headers.applicationName]: options.appName,
      [headers.applicationVersion]: options.appVersion,
      'Cache-Control': 'no-cache',
      Pragma: 'no-cache',
      'Accept-Language': ctx.culture,
      ...extra,
    });
    if (ctx.bearer) h.set('Authorization', `Bearer ${ctx.bearer}`);
    return h;
  }

  /**
   * Sends one request of `call` to `path` with the carrier's headers, within its timeout and tried
   * again as `retry` says, and hands the answer to `read`; the whole of it, read included, is timed
   * and counted as the call (`measured`).
   */
  function send<T>(
    call: string,
    path: string,
    request: CarrierRequest,
    read: (response: Response, attempt: Attempt) => Promise<T>,
  ): Promise<T> {
    return measured(call, doFetch, async (fetch) => {
      const timeoutMs = request.timeoutMs ?? options.timeoutMs;
      const attempt = { call, log: options.log, timeoutMs, retry: request.retry, fetch };
      const init = {
        method: request.method ?? 'GET',
        headers: requestHeaders(request.ctx, request.headers),
        ...(request.body !== undefined && { body: request.body }),
      };
      return read(await fetchWithRetry(new URL(path, base), init, attempt), attempt);
    });
  }

  function callJson<T extends z.ZodMiniType>(
    call: string,
    path: string,
    schema: T,
    ctx: CallContext,
    init: JsonCallInit = {},
  ): Promise<z.infer<T>> {
    const request = {
      ctx,
      retry: init.method !== 'POST',
      ...(init.method && { method: init.method }),
      ...(init.body !== undefined && { body: init.body }),
      headers: { Accept: 'application/json', ...init.headers },
    };
    return send(call, path, request, async (response, attempt) => {
      if (!response.ok) {
        const error = errorForStatus(response.status, init.notFoundCode ?? 'notFound');
        const clientCaused = init.clientCaused?.includes(response.status) ?? false;
        options.log[clientCaused ? 'info' : 'error']('apiException', { call, status: response.status });
        // The carrier's own words on a refusal, where it gave them in its error format.
        const errorBody = async () =>
          apiErrorSchema.safeParse(await readJson(response, attempt).catch(() => undefined));
        if (response.status === 400 && !clientCaused) {
          const body = await errorBody();
          throw new CarrierCallError(
            400,
            error.code,
            error.message,
            body.success ? fieldsOf(body.data) : undefined,
          );
        }
        if (response.status === 404 && init.notFoundCodeInBody) {
          const body = await errorBody();
          if (body.success && body.data.code === init.notFoundCodeInBody)
            throw new CarrierCallError(404, body.data.code, body.data.message);
          throw error;
        }
        await response.body?.cancel();
        throw error;
      }
      const parsed = schema.safeParse(await readJson(response, attempt));
      if (!parsed.success) {
        options.log.error('unknownError', { call, detail: 'answer does not match the contract' });
        throw unexpected();
      }
      return parsed.data;
    });
  }

  return { send, callJson };
}
