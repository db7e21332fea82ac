import { createCarrierClient } from '../../../src/server/carrier/client.ts';
import type { ApiDeps, ApiRequest } from '../../../src/server/api/deps.ts';
import { hiddenFields } from '../../../src/server/form/render.ts';
import { emptySenderForm, type SenderFormValues } from '../../../src/lib/senderForm.ts';
import type { HumanCheck } from '../../../src/server/humanCheck/index.ts';
import { createIdempotency } from '../../../src/server/idempotency/index.ts';
import { createMemoryKeyStore } from '../../../src/server/idempotency/store.ts';
import type { SiteLogger } from '../../../src/server/log.ts';
import { createRateLimits } from '../../../src/server/rateLimits.ts';

/** Log lines a test can look at instead of printing them. */
export function recordingLogger() {
  const lines: { level: string; code: string; fields: Record<string, unknown> }[] = [];
  const logger: SiteLogger = {
    error: (code, fields = {}) => lines.push({ level: 'error', code, fields }),
    warn: (code, fields = {}) => lines.push({ level: 'warn', code, fields }),
    info: (code, fields = {}) => lines.push({ level: 'info', code, fields }),
  };
  return { logger, lines };
}

/** A human check that accepts the token `human` once per use, for tests of everything else. */
export const acceptingHumanCheck: HumanCheck = {
  provider: 'altcha',
  verify: async (token) =>
    token === 'human'
      ? { ok: true }
      : token
        ? { ok: false, code: 'humanCheckInvalid', detail: 'test' }
        : { ok: false, code: 'humanCheckMissing', detail: 'test' },
  challenge: async () => ({ test: true }),
};

/** The endpoints' dependencies around a carrier at `baseUrl`. */
export async function testDeps(
  baseUrl: string,
  apiKey: string,
  overrides: Partial<ApiDeps> & { timeoutMs?: number } = {},
) {
  const { logger, lines } = recordingLogger();
  const { timeoutMs, ...rest } = overrides;
  const deps: ApiDeps = {
    carrier: createCarrierClient({
      baseUrl,
      apiKey,
      appName: 'portal-test',
      appVersion: '9.9.9',
      timeoutMs: timeoutMs ?? 2_000,
      log: logger,
    }),
    humanCheck: acceptingHumanCheck,
    humanCheckClient: { provider: 'altcha' },
    labelLinkKey: Buffer.from('label links of the tests'),
    noScriptSubmissions: true,
    limits: createRateLimits({}),
    idempotency: createIdempotency(createMemoryKeyStore(), timeoutMs ?? 2_000),
    log: logger,
    trustProxy: { hops: 0 },
    ...rest,
  };
  return { deps, lines };
}

let clientCounter = 0;
/** A request as an endpoint receives it; each call comes from a new client address unless one is given. */
export function apiRequest(
  path: string,
  init: RequestInit & { params?: Record<string, string>; client?: string } = {},
): ApiRequest {
  const { params = {}, client, ...rest } = init;
  clientCounter += 1;
  return {
    request: new Request(`http://site.test${path}`, rest),
    clientAddress: client ?? `10.0.0.${clientCounter % 250}`,
    params,
  };
}

/** POST /api/returns as the island sends it: JSON, a human-check token and a fresh idempotency key. */
export function creationRequest(
  body: unknown,
  headers: Record<string, string> = {},
  client?: string,
): ApiRequest {
  return apiRequest('/api/returns', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Human-Check': 'human',
      'Idempotency-Key': crypto.randomUUID(),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(client && { client }),
  });
}

/** A plain form filled in whole: a printed label to a pick-up point, from Plzeň. */
export const filledForm: SenderFormValues = {
  ...emptySenderForm,
  labelType: 'label',
  name: 'Pavel Dvořák',
  street: 'Kumberská 12/1',
  city: 'Plzeň',
  zipCode: '31800',
  email: 'pavel@example.cz',
  termsAccepted: true,
  termsAcceptedBussiness: true,
};

let formClient = 0;
/** The form posted by a browser without scripts, from its own address unless one is given. */
export function formPost(
  query: string,
  values: SenderFormValues,
  extra: Record<string, string> = {},
  from?: string,
): ApiRequest {
  formClient += 1;
  return {
    request: new Request(`http://site.test/returns/submit?${query}`, {
      method: 'POST',
      // A browser names the page the form was sent from.
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://site.test' },
      body: new URLSearchParams([...hiddenFields(values), ...Object.entries(extra)]).toString(),
    }),
    clientAddress: from ?? `10.1.0.${formClient % 250}`,
    params: {},
  };
}
