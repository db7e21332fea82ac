import { limitWait, type ApiDeps, type ApiRequest } from '../api/deps.ts';

/**
 * What the carrier gets in its human-check header for a creation or a download that had no
 * browser check: the site vouches for it under the no-script policy (docs/decisions/015-html-form-without-scripts.md).
 */
export const noScriptHumanToken = 'site-no-script-policy';
export const signedLinkHumanToken = 'site-signed-label-link';

/** The form's trap field: hidden from people and assistive technology, filled only by bots. */
export const honeypotField = 'website';

export type NoScriptVerdict =
  | { ok: true }
  | { ok: false; reason: 'scriptsRequired' | 'honeypot' }
  | { ok: false; reason: 'tooManyRequests'; retryAfterSeconds: number };

/**
 * The no-script policy for a form posted without a human-check token: refused when the
 * operator switched it off (NO_SCRIPT_SUBMISSIONS=off); a filled trap field is a bot; and
 * stricter limits per return link and per address than the island's, on top of them.
 */
export async function noScriptPolicy(
  deps: ApiDeps,
  req: ApiRequest,
  body: URLSearchParams,
  token: string,
): Promise<NoScriptVerdict> {
  if (!deps.noScriptSubmissions) return { ok: false, reason: 'scriptsRequired' };
  if ((body.get(honeypotField) ?? '') !== '') {
    deps.log.warn('honeypotFilled', { call: 'formPost' });
    return { ok: false, reason: 'honeypot' };
  }
  const wait =
    (await limitWait(deps, req, 'noScriptPerLink', token)) ??
    (await limitWait(deps, req, 'noScriptPerAddress'));
  return wait === undefined
    ? { ok: true }
    : { ok: false, reason: 'tooManyRequests', retryAfterSeconds: wait };
}
