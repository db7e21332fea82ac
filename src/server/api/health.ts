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
 * configurationParameterLoadFailed when it is not) and the carrier answers. Concurrent and
 * repeated probes within a few seconds share one carrier call: each probe made here keeps its
 * own last answer.
 */
export function createGetReady() {
  let last: { at: number; reachable: Promise<boolean> } | undefined;
  return async function getReady(deps: ApiDeps, now = Date.now()): Promise<Response> {
    if (!last || now - last.at > cacheMs) last = { at: now, reachable: deps.carrier.reachable(probeMs) };
    if (await last.reachable) return json({ status: 'ready' });
    return problem(503, 'carrierUnreachable', 'The carrier API does not answer.', undefined, {
      'Retry-After': String(cacheMs / 1000),
    });
  };
}

/** The process's readiness probe, for the balancer. */
export const getReady = createGetReady();
