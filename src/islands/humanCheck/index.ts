import type { HumanCheckAction } from '../../lib/humanCheck.ts';
import { solveAltcha } from './altcha.ts';
import { executeRecaptcha, loadRecaptcha } from './recaptcha.ts';

export type { HumanCheckAction } from '../../lib/humanCheck.ts';

export type BrowserHumanCheckConfig =
  | { provider: 'altcha'; challengeUrl: string }
  | { provider: 'recaptcha'; siteKey: string; language?: string | undefined };

export interface BrowserHumanCheck {
  /** Starts loading what a check needs (the reCAPTCHA script) so the first submit does not wait; call it on mount. */
  prepare(): void;
  /** A token for `action`, to send to the site's endpoint; rejects when no check can run. */
  token(action: HumanCheckAction): Promise<string>;
}

/** The browser half of the human check, for the provider the page was built with. */
export function createBrowserHumanCheck(config: BrowserHumanCheckConfig): BrowserHumanCheck {
  if (config.provider === 'altcha') {
    // Challenges expire and are bound to an action, so there is nothing to prepare ahead.
    return { prepare: () => undefined, token: (action) => solveAltcha(config.challengeUrl, action) };
  }
  const load = () => loadRecaptcha({ siteKey: config.siteKey, language: config.language });
  return {
    prepare: () => void load(),
    token: async (action) => {
      // Waits for the script; if it never loaded, executeRecaptcha throws as spec §8 requires.
      await load();
      return executeRecaptcha(action);
    },
  };
}
