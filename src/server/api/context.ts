import { createCarrierClient } from '../carrier/client.ts';
import { carrierSettings, ConfigurationError, loadSiteConfig } from '../config.ts';
import { labelLinkKey } from '../form/labelLink.ts';
import { createHumanCheck } from '../humanCheck/index.ts';
import { createIdempotency } from '../idempotency/index.ts';
import { stderrLogger, type SiteLogger } from '../log.ts';
import { openSharedState } from '../sharedState.ts';
import type { ApiDeps } from './deps.ts';

let deps: Promise<ApiDeps> | undefined;

/**
 * The endpoints' dependencies, built once from the environment on first use. The site
 * server has validated that environment at start and set the carrier's URL and key.
 */
export function apiDeps(): Promise<ApiDeps> {
  deps ??= buildApiDeps(process.env).catch((error: unknown) => {
    deps = undefined;
    throw error;
  });
  return deps;
}

function requireValue(value: string | undefined, name: string): string {
  if (!value) throw new ConfigurationError([name]);
  return value;
}

/**
 * The endpoints' dependencies from an environment: one site instance. What several instances
 * must share (rate limits, spent human-check tokens, idempotency keys) is the target's shared
 * state (src/server/sharedState.ts: Redis or memory; Durable Objects at the edge).
 */
export async function buildApiDeps(
  env: Record<string, string | undefined>,
  log: SiteLogger = stderrLogger,
): Promise<ApiDeps> {
  const config = loadSiteConfig(env);
  const carrier = carrierSettings(config);
  const recaptcha = config.HUMAN_CHECK === 'recaptcha';
  const secret = recaptcha
    ? requireValue(config.RECAPTCHA_SECRET, 'RECAPTCHA_SECRET')
    : requireValue(config.ALTCHA_HMAC_KEY, 'ALTCHA_HMAC_KEY');
  const shared = await openSharedState(config, log);
  const humanCheck = recaptcha
    ? createHumanCheck({
        provider: 'recaptcha',
        recaptchaSecret: secret,
        recaptchaMinScore: config.RECAPTCHA_MIN_SCORE,
      })
    : createHumanCheck({
        provider: 'altcha',
        altchaHmacKey: secret,
        altchaSharedTokens: shared.tokens,
      });
  return {
    noScriptSubmissions: config.NO_SCRIPT_SUBMISSIONS === 'on',
    // Label links must verify on every instance: derived from a secret they all share.
    labelLinkKey: labelLinkKey(config.ALTCHA_HMAC_KEY ?? secret),
    carrier: createCarrierClient({
      baseUrl: carrier.url,
      apiKey: carrier.apiKey,
      appName: config.APP_NAME,
      appVersion: config.APP_VERSION,
      timeoutMs: config.CARRIER_TIMEOUT_MS,
      log,
    }),
    humanCheck,
    humanCheckClient:
      config.HUMAN_CHECK === 'recaptcha'
        ? { provider: 'recaptcha', siteKey: config.RECAPTCHA_SITE_KEY ?? '' }
        : { provider: 'altcha' },
    limits: shared.limits,
    idempotency: createIdempotency(shared.keys, config.CARRIER_TIMEOUT_MS),
    store: shared.store,
    log,
    trustProxy: config.TRUST_PROXY,
  };
}
