import { createCarrierClient } from '../carrier/client.ts';
import { carrierSettings, ConfigurationError, loadSiteConfig, rateLimitSettings } from '../config.ts';
import { labelLinkKey } from '../form/labelLink.ts';
import { createHumanCheck } from '../humanCheck/index.ts';
import { createSharedUsedTokens } from '../humanCheck/sharedUsedTokens.ts';
import { openIdempotency } from '../idempotency/index.ts';
import { stderrLogger } from '../log.ts';
import { createRateLimits } from '../rateLimits.ts';
import type { ApiDeps } from './deps.ts';

let deps: Promise<ApiDeps> | undefined;

/**
 * The endpoints' dependencies, built once from the environment on first use. The site
 * server has validated that environment at start and set the carrier's URL and key.
 */
export function apiDeps(): Promise<ApiDeps> {
  deps ??= build().catch((error: unknown) => {
    deps = undefined;
    throw error;
  });
  return deps;
}

function requireValue(value: string | undefined, name: string): string {
  if (!value) throw new ConfigurationError([name]);
  return value;
}

async function build(): Promise<ApiDeps> {
  const config = loadSiteConfig(process.env);
  const carrier = carrierSettings(config);
  const humanCheck =
    config.HUMAN_CHECK === 'recaptcha'
      ? createHumanCheck({
          provider: 'recaptcha',
          recaptchaSecret: requireValue(config.RECAPTCHA_SECRET, 'RECAPTCHA_SECRET'),
          recaptchaMinScore: config.RECAPTCHA_MIN_SCORE,
        })
      : createHumanCheck({
          provider: 'altcha',
          altchaHmacKey: requireValue(config.ALTCHA_HMAC_KEY, 'ALTCHA_HMAC_KEY'),
          // The Redis that shares the rate limits also shares the spent tokens.
          altchaSharedTokens: config.RATE_LIMIT_REDIS_URL
            ? await createSharedUsedTokens(config.RATE_LIMIT_REDIS_URL, stderrLogger)
            : undefined,
        });
  // Label links must verify on every instance: derived from a secret they all share.
  const shared = config.ALTCHA_HMAC_KEY ?? config.RECAPTCHA_SECRET ?? carrier.apiKey;
  return {
    noScriptSubmissions: config.NO_SCRIPT_SUBMISSIONS === 'on',
    labelLinkKey: labelLinkKey(shared),
    carrier: createCarrierClient({
      baseUrl: carrier.url,
      apiKey: carrier.apiKey,
      appName: config.APP_NAME,
      appVersion: config.APP_VERSION,
      timeoutMs: config.CARRIER_TIMEOUT_MS,
      log: stderrLogger,
    }),
    humanCheck,
    humanCheckClient:
      config.HUMAN_CHECK === 'recaptcha'
        ? { provider: 'recaptcha', siteKey: config.RECAPTCHA_SITE_KEY ?? '' }
        : { provider: 'altcha' },
    limits: await createRateLimits({
      redisUrl: config.RATE_LIMIT_REDIS_URL,
      limits: rateLimitSettings(config),
      log: stderrLogger,
    }),
    // The same Redis again: what several instances must share lives in one store.
    idempotency: await openIdempotency({
      redisUrl: config.RATE_LIMIT_REDIS_URL,
      creationMs: config.CARRIER_TIMEOUT_MS,
      log: stderrLogger,
    }),
    log: stderrLogger,
    trustProxy: config.TRUST_PROXY,
  };
}
