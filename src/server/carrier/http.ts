import type { SiteLogger } from '../log.ts';
import { startCarrierCall, type CarrierFailure } from '../metrics.ts';
import { CarrierCallError, unexpected } from './errors.ts';
import { readUpTo } from '../readUpTo.ts';

/** The most a JSON answer from the carrier may weigh; more is treated as a broken answer. */
export const maxJsonBytes = 1024 * 1024;

export interface Attempt {
  call: string;
  log: SiteLogger;
  timeoutMs: number;
  /** Idempotent calls are tried once more after a network error or a 503. */
  retry: boolean;
  fetch: typeof fetch;
}

const statusClass = (status: number): CarrierFailure =>
  status >= 500 ? '5xx' : status >= 400 ? '4xx' : '3xx';

/** No answer in time, none at all, the status class of the carrier's last answer, or an answer that breaks the contract. */
function failureOf(error: unknown, status: number | undefined): CarrierFailure {
  if (error instanceof CarrierCallError && error.code === 'gatewayTimeout') return 'timeout';
  if (error instanceof CarrierCallError && error.code === 'networkError') return 'network';
  return status !== undefined && status >= 300 ? statusClass(status) : 'invalid';
}

/**
 * Runs one carrier call and records it in the metrics: its whole time (the retry and the body
 * included) and, when it fails, why. `run` fetches with the fetch it is handed, which notes the
 * status of the carrier's last answer; an answer of 400 or more counts as a failure even when
 * the caller turns it into a result (an unknown token, an unready carrier).
 */
export async function measured<T>(
  call: string,
  fetcher: typeof fetch,
  run: (fetcher: typeof fetch) => Promise<T>,
): Promise<T> {
  let status: number | undefined;
  const noting: typeof fetch = async (input, init) => {
    const response = await fetcher(input, init);
    status = response.status;
    return response;
  };
  const end = startCarrierCall(call);
  try {
    const result = await run(noting);
    end(status !== undefined && status >= 400 ? statusClass(status) : undefined);
    return result;
  } catch (error) {
    end(failureOf(error, status));
    throw error;
  }
}

/** 3xx answers other than 304 Not Modified, which the callers map themselves. */
const isRedirect = (status: number) => status >= 300 && status < 400 && status !== 304;

/** Fetches with a timeout, never following a redirect; network failures become 502/504 errors, logged as networkException. */
export async function fetchWithRetry(url: URL, init: RequestInit, attempt: Attempt): Promise<Response> {
  for (let tries = 1; ; tries += 1) {
    let response: Response;
    try {
      // A redirect would carry the API key to wherever the carrier (or whoever answers for it) points.
      response = await attempt.fetch(url, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(attempt.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      attempt.log.error('networkException', {
        call: attempt.call,
        timedOut,
        cause: (error as Error).message,
        tries,
      });
      if (attempt.retry && !timedOut && tries === 1) continue;
      throw timedOut
        ? new CarrierCallError(504, 'gatewayTimeout', 'The carrier did not answer in time. Please try again.')
        : new CarrierCallError(502, 'networkError', 'The carrier could not be reached. Please try again.');
    }
    if (isRedirect(response.status)) {
      await response.body?.cancel();
      attempt.log.error('apiException', {
        call: attempt.call,
        status: response.status,
        detail: 'redirect refused',
      });
      throw unexpected();
    }
    if (response.status === 503 && attempt.retry && tries === 1) {
      await response.body?.cancel();
      continue;
    }
    return response;
  }
}

/**
 * Reads a body of at most `maxBytes`; undefined when it is larger, without reading the rest.
 * A stream that fails (the call's timeout running out mid-body, a reset) throws as it is.
 */
async function readCapped(response: Response, maxBytes: number): Promise<Buffer | undefined> {
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    return undefined;
  }
  return readUpTo(response.body, maxBytes);
}

/** Reads a JSON answer of at most maxJsonBytes; a wrong content type, size or syntax is an unknownError. */
export async function readJson(response: Response, attempt: Pick<Attempt, 'call' | 'log'>): Promise<unknown> {
  const fail = (detail: string) => {
    attempt.log.error('unknownError', { call: attempt.call, detail });
    return unexpected();
  };
  if (!/^application\/(.+\+)?json\b/i.test(response.headers.get('content-type') ?? '')) {
    await response.body?.cancel();
    throw fail('not JSON');
  }
  let body: Buffer | undefined;
  try {
    body = await readCapped(response, maxJsonBytes);
  } catch (error) {
    throw fail(`read failed: ${(error as Error).message}`);
  }
  if (!body) throw fail('oversized');
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw fail('malformed JSON');
  }
}

/** The most a label PDF may weigh; the reference carrier's are tens of kilobytes. */
export const maxLabelBytes = 10 * 1024 * 1024;

/**
 * Reads a whole label within the call's timeout (the fetch's signal still runs), so a carrier
 * that stalls mid-file gets a clear 504 instead of a 200 whose PDF never ends.
 */
export async function readLabel(response: Response, attempt: Pick<Attempt, 'call' | 'log'>): Promise<Buffer> {
  let pdf: Buffer | undefined;
  try {
    pdf = await readCapped(response, maxLabelBytes);
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    attempt.log.error('networkException', {
      call: attempt.call,
      detail: timedOut ? 'label stalled' : 'label interrupted',
    });
    throw timedOut
      ? new CarrierCallError(504, 'gatewayTimeout', 'The carrier did not answer in time. Please try again.')
      : new CarrierCallError(502, 'networkError', 'The carrier could not be reached. Please try again.');
  }
  if (pdf) return pdf;
  attempt.log.error('unknownError', { call: attempt.call, detail: 'oversized' });
  throw unexpected();
}
