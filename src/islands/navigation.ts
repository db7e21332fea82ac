import { errorUrl } from '../lib/acceptedReturn.ts';
import { tokenFromQuery } from '../lib/fields.ts';
import { localizedPath, type Locale } from '../lib/locales.ts';

/** Spec §8: a missing token or an invalid return page leads to the not-found page. */
export function goToNotFound(locale: Locale): void {
  window.location.replace(localizedPath(locale, '/returns/page-not-found'));
}

/**
 * Spec §8: a failed creation, polling failure or import error leads to the error page. The
 * return link's token (not personal data) goes along, so the page can offer 'Try again',
 * which opens the form of the same link with the sender's draft.
 */
export function goToError(locale: Locale, token?: string | null, { replace = false } = {}): void {
  // A failed return's sent page gives way to the error page: Back then leads to the form.
  window.location[replace ? 'replace' : 'assign'](errorUrl(locale, token));
}

/** The return link's token: the `token` query parameter, URL-decoded, a bare '+' kept as '+'. */
export function tokenFromLocation(): string | null {
  return tokenFromQuery(new URLSearchParams(window.location.search).get('token')) || null;
}
