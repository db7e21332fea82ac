import type { ReturnPage } from '@parcel-returns/contract';
import { tokenFromQuery, tokenPattern } from '@parcel-returns/contract';
import { cultures, type Locale } from '../../lib/locales.ts';
import type { ApiDeps } from '../api/deps.ts';
import { CarrierCallError, invalidReturnToken } from '../carrier/errors.ts';

/** What a return link decides, as the form page and the form's post read it. */
export type LinkPage =
  | { kind: 'page'; token: string; page: ReturnPage }
  /** No token, a malformed one, or one the carrier does not know (or without addresses). */
  | { kind: 'notFound' }
  /** The carrier failed or did not answer within the deadline. */
  | { kind: 'failed'; token: string };

/**
 * How long the form page waits for the carrier before it answers with the error page: a sender
 * must not stare at a blank page, and the error page's 'Try again' asks again (decision 020).
 */
export const returnPageDeadlineMs = 3_000;

/**
 * The return page of a link, from its query: the token read the one way (a '+' that arrived as a
 * space is a '+'), then the carrier's answer within `deadlineMs`. Spec §4: a page without
 * return addresses is not a valid link.
 */
export async function linkPage(
  deps: ApiDeps,
  query: URLSearchParams,
  locale: Locale,
  deadlineMs = returnPageDeadlineMs,
): Promise<LinkPage> {
  const token = tokenFromQuery(query.get('token'));
  if (!tokenPattern.test(token)) return { kind: 'notFound' };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), deadlineMs)));
  try {
    const page = await Promise.race([deps.carrier.returnPage(token, { culture: cultures[locale] }), late]);
    if (page === 'late') {
      deps.log.error('networkException', { call: 'returnPage', detail: `no answer within ${deadlineMs} ms` });
      return { kind: 'failed', token };
    }
    if (!page?.returnAddresses?.length) return { kind: 'notFound' };
    return { kind: 'page', token, page };
  } catch (error) {
    // A token the carrier refuses as malformed is a link that is not valid, not a failure.
    if (error instanceof CarrierCallError && error.code === invalidReturnToken().code)
      return { kind: 'notFound' };
    // The carrier client has logged the failure with its code.
    return { kind: 'failed', token };
  } finally {
    clearTimeout(timer);
  }
}
