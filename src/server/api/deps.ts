import type { CarrierClient } from '../carrier/client.ts';
import type { HumanCheckAction } from '../../lib/humanCheck.ts';
import { humanCheckHeader } from '../../lib/siteApi.ts';
import type { HumanCheck } from '../humanCheck/index.ts';
import type { Idempotency } from '../idempotency/index.ts';
import type { SiteLogger } from '../log.ts';
import type { TrustProxy } from '../config.ts';
import { recordStoreRefusal } from '../metrics.ts';
import type { LimitName, RateLimits } from '../rateLimits.ts';
import { storeRetryAfterSeconds, type SharedStore } from '../sharedStore.ts';
import { clientOf } from './request.ts';
import { problem } from './respond.ts';

/** What every endpoint needs, passed in so tests can build it around any carrier. */
export interface ApiDeps {
  carrier: CarrierClient;
  humanCheck: HumanCheck;
  limits: RateLimits;
  /** Creates each return once per idempotency key, whatever the carrier does with the key. */
  idempotency: Idempotency;
  /** The store several instances share (Redis), when there is one: /readyz reports it. */
  store?: SharedStore | undefined;
  log: SiteLogger;
  trustProxy: TrustProxy;
  /** Signs the label links of the server-rendered success screen (src/server/form/labelLink.ts). */
  labelLinkKey: Buffer;
  /** Whether a form posted without scripts (so without a human check) may create a return. */
  noScriptSubmissions: boolean;
  /** Browser-side settings of the human check: the provider and, for reCAPTCHA, the site key. */
  humanCheckClient: { provider: 'altcha' } | { provider: 'recaptcha'; siteKey: string };
}

/** One request to an endpoint: the web request, the socket address and the route's parameters. */
export interface ApiRequest {
  request: Request;
  clientAddress: string;
  params: Record<string, string | undefined>;
}

/**
 * Applies a rate limit to the client's address, within `scope` (a return link, a label) if given:
 * the seconds to wait when over it, undefined when within.
 */
export async function limitWait(
  deps: ApiDeps,
  req: ApiRequest,
  name: LimitName,
  scope?: string,
): Promise<number | undefined> {
  const client = clientOf(req.request, req.clientAddress, deps.trustProxy);
  const result = await deps.limits.consume(name, client, scope);
  return result.ok ? undefined : result.retryAfterSeconds;
}

/** The 429 of a limit that was reached, with its Retry-After. */
export function tooManyRequests(retryAfterSeconds: number): Response {
  return problem(
    429,
    'tooManyRequests',
    'Too many requests. Please wait a moment and try again.',
    undefined,
    {
      'Retry-After': String(retryAfterSeconds),
    },
  );
}

/** Applies a rate limit (see limitWait); the 429 when over it. */
export async function overLimit(
  deps: ApiDeps,
  req: ApiRequest,
  name: LimitName,
  scope?: string,
): Promise<Response | undefined> {
  const wait = await limitWait(deps, req, name, scope);
  return wait === undefined ? undefined : tooManyRequests(wait);
}

/**
 * The 503 of a request that needs the shared store while it does not answer (decision 026):
 * nothing was created or spent, and the same request may be sent again in a few seconds.
 */
export function storeUnavailable(): Response {
  return problem(
    503,
    'storeUnavailable',
    'The service cannot take this request this very moment. Please try again in a few seconds.',
    undefined,
    { 'Retry-After': String(storeRetryAfterSeconds) },
  );
}

/** Verifies the request's human-check token for an action: the token, or the stable code of the refusal. */
export async function verifyHuman(
  deps: ApiDeps,
  req: ApiRequest,
  action: HumanCheckAction,
): Promise<{ ok: true; token: string } | { ok: false; code: string }> {
  const token = req.request.headers.get(humanCheckHeader);
  const check = await deps.humanCheck.verify(
    token,
    action,
    clientOf(req.request, req.clientAddress, deps.trustProxy),
  );
  if (check.ok && token) return { ok: true, token };
  return { ok: false, code: check.ok ? 'humanCheckMissing' : check.code };
}

/** The 403 of a failed human check. */
export function humanCheckFailed(code: string): Response {
  return problem(403, code, 'The human check failed. Please try again.');
}

/** Verifies the request's human-check token for an action: the token, or the 403 to answer. */
export async function checkHuman(
  deps: ApiDeps,
  req: ApiRequest,
  action: HumanCheckAction,
): Promise<{ token: string } | { refused: Response }> {
  const human = await verifyHuman(deps, req, action);
  if (human.ok) return { token: human.token };
  if (human.code !== 'storeUnavailable') return { refused: humanCheckFailed(human.code) };
  recordStoreRefusal(action);
  return { refused: storeUnavailable() };
}
