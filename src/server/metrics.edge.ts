import type { HumanCheckErrorCode } from '../lib/humanCheck.ts';
import type { CarrierFailure, ReturnOutcome } from './metrics.ts';
import type * as NodeMetrics from './metrics.ts';
import type { LimitName } from './rateLimits.ts';

/**
 * The edge build's twin of metrics.ts: a worker has no port to scrape and no process that lives,
 * so each event the Node target counts in Prometheus is one JSON line in the worker's logs, named
 * as its series (docs/metrics.md). Requests and their durations are the platform's own analytics.
 */

export type { CarrierFailure, ReturnOutcome };

function event(metric: string, labels: Record<string, string | number>): void {
  console.log(JSON.stringify({ time: new Date().toISOString(), metric, ...labels }));
}

/** Times a carrier call; a line for each call, with its failure if it failed. */
export function startCarrierCall(call: string): (failure?: CarrierFailure) => void {
  const started = performance.now();
  return (failure) =>
    event(failure ? 'returns_carrier_errors_total' : 'returns_carrier_call_duration_seconds', {
      call,
      seconds: (performance.now() - started) / 1000,
      ...(failure && { kind: failure }),
    });
}

export function recordReturn(outcome: ReturnOutcome, path: 'api' | 'form'): void {
  event('returns_submissions_total', { outcome, path });
}

export function recordRateLimitRefusal(limit: LimitName): void {
  event('returns_rate_limit_refusals_total', { limit });
}

export function recordHumanCheckFailure(provider: 'altcha' | 'recaptcha', code: HumanCheckErrorCode): void {
  event('returns_human_check_failures_total', { provider, code });
}

/** Requests are the platform's to count at the edge. */
export function countAs(): void {}

/** The edge has no Redis connection whose health a gauge would show. */
export function recordSharedStoreUp(): void {}

export function recordStoreRefusal(call: 'createDormant' | 'downloadLabel'): void {
  event('returns_store_unavailable_refusals_total', { call });
}

// What the code around records with takes the same arguments here as on Node.
({
  countAs,
  startCarrierCall,
  recordReturn,
  recordRateLimitRefusal,
  recordHumanCheckFailure,
  recordSharedStoreUp,
  recordStoreRefusal,
}) satisfies Pick<
  typeof NodeMetrics,
  | 'countAs'
  | 'startCarrierCall'
  | 'recordReturn'
  | 'recordRateLimitRefusal'
  | 'recordHumanCheckFailure'
  | 'recordSharedStoreUp'
  | 'recordStoreRefusal'
>;
