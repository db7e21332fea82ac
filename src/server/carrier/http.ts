import type { SiteLogger } from '../log.ts';
import { CarrierCallError, unexpected } from './errors.ts';

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
  if (Number(response.headers.get('content-length') ?? 0) > maxJsonBytes) {
    await response.body?.cancel();
    throw fail('oversized');
  }
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
      size += part.value.length;
      if (size > maxJsonBytes) {
        await reader?.cancel();
        throw fail('oversized');
      }
      chunks.push(part.value);
    }
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (error) {
    if (error instanceof CarrierCallError) throw error;
    throw fail(error instanceof SyntaxError ? 'malformed JSON' : `read failed: ${(error as Error).message}`);
  }
}

/** The most a label PDF may weigh; the reference carrier's are a few dozen kilobytes. */
export const maxLabelBytes = 10 * 1024 * 1024;

/**
 * Reads a whole label within the call's timeout (the fetch's signal still runs), so a carrier
 * that stalls mid-file gets a clear 504 instead of a 200 whose PDF never ends.
 */
export async function readLabel(response: Response, attempt: Pick<Attempt, 'call' | 'log'>): Promise<Buffer> {
  if (Number(response.headers.get('content-length') ?? 0) > maxLabelBytes) {
    await response.body?.cancel();
    attempt.log.error('unknownError', { call: attempt.call, detail: 'oversized' });
    throw unexpected();
  }
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
      bytes += part.value.length;
      if (bytes > maxLabelBytes) {
        await reader?.cancel();
        attempt.log.error('unknownError', { call: attempt.call, detail: 'oversized' });
        throw unexpected();
      }
      chunks.push(part.value);
    }
    return Buffer.concat(chunks);
  } catch (error) {
    if (error instanceof CarrierCallError) throw error;
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    attempt.log.error('networkException', {
      call: attempt.call,
      detail: timedOut ? 'label stalled' : 'label interrupted',
      bytes,
    });
    throw timedOut
      ? new CarrierCallError(504, 'gatewayTimeout', 'The carrier did not answer in time. Please try again.')
      : new CarrierCallError(502, 'networkError', 'The carrier could not be reached. Please try again.');
  }
}
