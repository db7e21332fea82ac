import { errorUrl } from '../lib/acceptedReturn.ts';
import { attemptOf, withFreshAttempt } from '../lib/idempotencyKey.ts';
import type { Locale } from '../lib/locales.ts';

/**
 * Spec §8: a failed creation, polling failure or import error leads to the error page. The
 * return link's token (not personal data) goes along, so the page can offer 'Try again',
 * which opens the form of the same link with the sender's draft.
 */
export function goToError(locale: Locale, token?: string | null, { replace = false } = {}): void {
  // A failed return's sent page gives way to the error page: Back then leads to the form.
  window.location[replace ? 'replace' : 'assign'](errorUrl(locale, token));
}

/**
 * This visit's attempt (decision 035): the one the form page's address names, as the plain form
 * posts it. A page reached without one (the site answered its address without the redirect that
 * adds it) gets a fresh one in its address, so a reload, Back and a plain post keep it too.
 */
export function attemptOfPage(): string {
  const { pathname, search } = window.location;
  const named = attemptOf(new URLSearchParams(search));
  if (named) return named;
  const fresh = withFreshAttempt(pathname, new URLSearchParams(search));
  window.history.replaceState(window.history.state, '', fresh);
  return attemptOf(new URL(fresh, window.location.href).searchParams) ?? '';
}
