import { siteApi } from '../lib/siteApi.ts';
import { logFailure } from './api.ts';
import { createBrowserHumanCheck, type BrowserHumanCheck } from './humanCheck/index.ts';

let settings: Promise<BrowserHumanCheck | undefined> | undefined;

/**
 * The human check this site runs, as the site's API describes it (the pre-rendered page
 * cannot know). Asked once per page; undefined when it cannot be known, which makes a
 * submit go to the error page (spec §5).
 */
export function browserHumanCheck(language: string): Promise<BrowserHumanCheck | undefined> {
  settings ??= fetch(siteApi.humanCheck, { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      const body = (await response.json()) as { provider?: string; siteKey?: string; code?: string };
      if (body.provider === 'recaptcha' && body.siteKey) {
        return createBrowserHumanCheck({ provider: 'recaptcha', siteKey: body.siteKey, language });
      }
      if (body.provider === 'altcha') {
        return createBrowserHumanCheck({ provider: 'altcha', challengeUrl: siteApi.challenge });
      }
      // Spec §8: a provider without its settings (or a site that says its configuration is
      // incomplete) is a missing configuration value.
      if (response.ok || body.code === 'configurationParameterLoadFailed') {
        logFailure('configurationParameterLoadFailed', 'humanCheck', response.status);
      }
      return undefined;
    })
    .catch(() => undefined);
  return settings;
}
