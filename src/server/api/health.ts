import type { ApiDeps } from './deps.ts';
import { json, problem } from './respond.ts';

/** A balancer asks every few seconds; the carrier hears of it at most this often per instance. */
const cacheMs = 5_000;
/** Much shorter than a carrier call's own timeout: a balancer's probe must not hang. */
const probeMs = 2_000;

/** GET /healthz — the process is alive and answers; nothing else is checked. */
export function getAlive(): Response {
  return json({ status: 'alive' });
}

/**
 * GET /readyz — the configuration is loaded (the endpoint wrapper answers 503
 * configurationParameterLoadFailed when it is not), the shared store answers and is caught up
 * (when there is one: without it this instance refuses creations), and the carrier answers.
 * Concurrent and repeated probes within a few seconds share one carrier call: each probe made
 * here keeps its own last answer. The store is asked every time, within half a second.
 */
export function createGetReady() {
  let last: { at: number; reachable: Promise<boolean> } | undefined;
  return async function getReady(deps: ApiDeps, now = Date.now()): Promise<Response> {
    if (!last || now - last.at > cacheMs) last = { at: now, reachable: deps.carrier.reachable(probeMs) };
    const retry = { 'Retry-After': String(cacheMs / 1000) };
    const [storeAnswers, carrierAnswers] = await Promise.all([deps.store?.check() ?? true, last.reachable]);
    if (!storeAnswers)
      return problem(503, 'storeUnavailable', 'The shared store does not answer.', undefined, retry);
    if (carrierAnswers) return json({ status: 'ready' });
    return problem(503, 'carrierUnreachable', 'The carrier API does not answer.', undefined, retry);
  };
}

/** The process's readiness probe, for the balancer. */
export const getReady = createGetReady();
