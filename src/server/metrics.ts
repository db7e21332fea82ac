import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { humanCheckErrorCodes, type HumanCheckErrorCode } from '../lib/humanCheck.ts';
import type { LimitName } from './rateLimits.ts';

/**
 * The site's Prometheus metrics (docs/metrics.md): one registry, and the small functions the
 * Node server (src/server/node/) and the endpoints' code (src/server/) record with.
 *
 * Lifecycle: the first import in a process creates the registry and keeps it on globalThis for
 * the life of the process. Astro bundles this module into dist/server for the endpoints, while
 * scripts/serve.ts loads it from source; both copies find the same registry there, so what an
 * endpoint records is what src/server/node/metricsServer.ts serves, and what the middleware says
 * of a request (its route) reaches the server that counts its response. Every label value comes
 * from a bounded set: never a raw path, a token or an id.
 */

/** Why a carrier call failed: no answer in time, no answer at all, the class of the carrier's status, or an answer that breaks the contract. */
export type CarrierFailure = 'timeout' | 'network' | '3xx' | '4xx' | '5xx' | 'invalid';
export type ReturnOutcome = 'created' | 'replayed' | 'failed';

const methods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route a response in progress is counted under, once something has named it. */
interface RouteSlot {
  route?: string;
}

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const metrics = {
    registry,
    routes: new AsyncLocalStorage<RouteSlot>(),
    requests: new Counter({
      name: 'returns_http_requests_total',
      help: 'Responses of the site server, by route pattern, method and status (499: the client left first).',
      labelNames: ['route', 'method', 'status'] as const,
      registers,
    }),
    requestSeconds: new Histogram({
      name: 'returns_http_request_duration_seconds',
      help: 'Time from a request to the end of its response, by route pattern.',
      labelNames: ['route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    carrierSeconds: new Histogram({
      name: 'returns_carrier_call_duration_seconds',
      help: 'Time of one carrier call, its retry and the whole answer included, by call.',
      labelNames: ['call'] as const,
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16],
      registers,
    }),
    carrierErrors: new Counter({
      name: 'returns_carrier_errors_total',
      help: 'Carrier calls that failed, by call and kind (timeout, network, 3xx, 4xx, 5xx, invalid).',
      labelNames: ['call', 'kind'] as const,
      registers,
    }),
    returns: new Counter({
      name: 'returns_submissions_total',
      help: 'Return submissions, by outcome (created, replayed, failed) and path (api: the island, form: the plain form).',
      labelNames: ['outcome', 'path'] as const,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'returns_rate_limit_refusals_total',
      help: 'Requests refused by a rate limit, by limit.',
      labelNames: ['limit'] as const,
      registers,
    }),
    humanCheckFailures: new Counter({
      name: 'returns_human_check_failures_total',
      help: 'Human checks that failed, by provider and code.',
      labelNames: ['provider', 'code'] as const,
      registers,
    }),
    sharedStoreUp: new Gauge({
      name: 'returns_shared_store_up',
      help: '1 while the shared store (Redis) answers and has every delayed write, 0 while what needs it is refused; absent without one.',
      registers,
    }),
    storeRefusals: new Counter({
      name: 'returns_store_unavailable_refusals_total',
      help: 'Requests refused with 503 storeUnavailable because the shared store did not answer, by call.',
      labelNames: ['call'] as const,
      registers,
    }),
  };
  // Known series start at 0, so that rate() sees their first increase.
  for (const outcome of ['created', 'replayed', 'failed'])
    for (const path of ['api', 'form']) metrics.returns.inc({ outcome, path }, 0);
  for (const provider of ['altcha', 'recaptcha'])
    for (const code of humanCheckErrorCodes) metrics.humanCheckFailures.inc({ provider, code }, 0);
  return metrics;
}

const key = Symbol.for('parcel-returns.metrics');
const shelf = globalThis as unknown as Record<symbol, ReturnType<typeof createMetrics> | undefined>;
const metrics = (shelf[key] ??= createMetrics());

/** The content type of the exposition: `text/plain; version=0.0.4; charset=utf-8`. */
export const metricsContentType = metrics.registry.contentType;

/** Every metric of the process in Prometheus text. */
export function metricsText(): Promise<string> {
  return metrics.registry.metrics();
}

/** Counts one response of the site server and observes its duration. */
export function recordRequest(route: string, method: string, status: number, seconds: number): void {
  const statusLabel = Number.isInteger(status) && status >= 100 && status <= 599 ? String(status) : 'other';
  metrics.requests.inc({ route, method: methods.has(method) ? method : 'other', status: statusLabel });
  metrics.requestSeconds.observe({ route }, seconds);
}

/**
 * Answers `req` with `answer` and records its response once it ends: under the route named
 * while it was answered (countAs), `other` when nothing named one, and 499 when the client went
 * away before the answer was complete.
 */
export function countResponse(req: IncomingMessage, res: ServerResponse, answer: () => void): void {
  const started = performance.now();
  const slot: RouteSlot = {};
  res.once('close', () =>
    recordRequest(
      slot.route ?? 'other',
      req.method ?? '',
      res.writableFinished ? res.statusCode : 499,
      (performance.now() - started) / 1000,
    ),
  );
  metrics.routes.run(slot, answer);
}

/**
 * Names the route the response in progress is counted under: a build's file (`asset`) or the
 * route Astro matched (src/server/middleware/metricRoute.ts). The first name stays, so a rewrite to another route (the
 * form's post to its submit page, a not-found page) counts under the route that was asked for.
 */
export function countAs(route: string): void {
  const slot = metrics.routes.getStore();
  if (slot) slot.route ??= route;
}

/** Starts timing a carrier call; the function returned ends it, naming the failure if it failed. */
export function startCarrierCall(call: string): (failure?: CarrierFailure) => void {
  const end = metrics.carrierSeconds.startTimer({ call });
  return (failure) => {
    end();
    if (failure) metrics.carrierErrors.inc({ call, kind: failure });
  };
}

/** Counts a return submission: created, replayed (an idempotency key seen before) or failed. */
export function recordReturn(outcome: ReturnOutcome, path: 'api' | 'form'): void {
  metrics.returns.inc({ outcome, path });
}

/** Counts a request a rate limit refused. */
export function recordRateLimitRefusal(limit: LimitName): void {
  metrics.rateLimitRefusals.inc({ limit });
}

/** Counts a failed human check. */
export function recordHumanCheckFailure(provider: 'altcha' | 'recaptcha', code: HumanCheckErrorCode): void {
  metrics.humanCheckFailures.inc({ provider, code });
}

/** Sets whether the shared store answers (the gauge appears with the first store a process opens). */
export function recordSharedStoreUp(up: boolean): void {
  metrics.sharedStoreUp.set(up ? 1 : 0);
}

/** Counts a request refused because the shared store did not answer. */
export function recordStoreRefusal(call: 'createDormant' | 'downloadLabel'): void {
  metrics.storeRefusals.inc({ call });
}
