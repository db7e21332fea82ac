import type { CreationRequest } from '@parcel-returns/contract';

/**
 * One attempt is one visit's form (decision 035): the `attempt` parameter of the form page's
 * address. The site server adds a fresh one when a link is opened without it (src/server/middleware/routes.ts),
 * so a second e-mail, a new tab, 'Return another shipment' and 'Try again' are each an attempt of
 * their own; a reload, Back, a double click or a retry after a lost answer keep the address and
 * with it the attempt. The route cache and the page's links leave it out (src/lib/pageQuery.ts):
 * no sender's attempt is ever in a page that another sender gets.
 */
export const attemptParam = 'attempt';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The attempt an address names, if it names one the site could have made (a UUID). */
export function attemptOf(search: URLSearchParams): string | undefined {
  const attempt = search.get(attemptParam);
  return attempt !== null && uuidPattern.test(attempt) ? attempt.toLowerCase() : undefined;
}

/** The same address with a fresh attempt in place of any it had. */
export function withFreshAttempt(pathname: string, search: URLSearchParams): string {
  const query = new URLSearchParams([...search].filter(([name]) => name !== attemptParam));
  query.append(attemptParam, crypto.randomUUID());
  return `${pathname}?${query}`;
}

/**
 * The idempotency key of a creation: a digest of its attempt and its exact request, the same
 * whichever way the form is sent (the island's JSON post, or the form posted as plain HTML). Within
 * one attempt, sending the same request again is the same return; a corrected request (Back, a
 * changed field, Send) is a return of its own, as it was before attempts. Shaped as a UUID, as the
 * site's API asks (`Idempotency-Key`).
 */
export function idempotencyKeyOf(request: CreationRequest, attempt: string): Promise<string> {
  return uuidDigest(`${attempt}\n${JSON.stringify(request)}`);
}

/** A SHA-256 of `text`, shaped as a UUID (Web Crypto: in the browser, on Node and at the edge). */
export async function uuidDigest(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  const hex = Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
