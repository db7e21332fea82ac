import { recordHumanCheckFailure } from '../metrics.ts';
import { createAltchaCheck } from './altcha.ts';
import { createRecaptchaCheck } from './recaptcha.ts';
import type { HumanCheck, HumanCheckConfig } from './types.ts';

export type { HumanCheck, HumanCheckAction, HumanCheckConfig, HumanCheckResult } from './types.ts';
export { altchaDifficulty } from './altcha.ts';

/**
 * The human check the site's endpoints run before creating a return or handing out a
 * label: ALTCHA (self-hosted proof of work, the default) or reCAPTCHA v3. Throws at start
 * when the chosen provider's secret is missing, so a misconfigured site never runs unchecked.
 * Every failed check is counted in the metrics, by provider and code.
 */
export function createHumanCheck(config: HumanCheckConfig): HumanCheck {
  return counted(createProvider(config));
}

function createProvider(config: HumanCheckConfig): HumanCheck {
  if (config.provider === 'altcha') {
    if (!config.altchaHmacKey) throw new Error('The altcha human check needs altchaHmacKey.');
    return createAltchaCheck({
      hmacKey: config.altchaHmacKey,
      replayCapacity: config.altchaReplayCapacity ?? 100_000,
      now: config.now ?? Date.now,
      shared: config.altchaSharedTokens,
    });
  }
  if (!config.recaptchaSecret) throw new Error('The recaptcha human check needs recaptchaSecret.');
  return createRecaptchaCheck({
    secret: config.recaptchaSecret,
    minScore: config.recaptchaMinScore ?? 0.5,
    timeoutMs: config.recaptchaTimeoutMs ?? 3_000,
    fetch: config.fetch ?? fetch,
  });
}

function counted(check: HumanCheck): HumanCheck {
  return {
    provider: check.provider,
    challenge: (action) => check.challenge(action),
    async verify(token, action, remoteIp) {
      const result = await check.verify(token, action, remoteIp);
      if (!result.ok && result.code !== 'storeUnavailable')
        recordHumanCheckFailure(check.provider, result.code);
      return result;
    },
  };
}
