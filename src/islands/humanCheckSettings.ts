import { siteApi } from '../lib/siteApi.ts';
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
      if (!response.ok) return undefined;
      const body = (await response.json()) as { provider?: string; siteKey?: string };
      if (body.provider === 'recaptcha' && body.siteKey) {
        return createBrowserHumanCheck({ provider: 'recaptcha', siteKey: body.siteKey, language });
      }
      return body.provider === 'altcha'
        ? createBrowserHumanCheck({ provider: 'altcha', challengeUrl: siteApi.challenge })
        : undefined;
    })
    .catch(() => undefined);
  return settings;
}
