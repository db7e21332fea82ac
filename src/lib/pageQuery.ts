/**
 * The query parameters the site's pages read, and nothing else. Every page reads the return
 * link's `token`; the sent page also its return's `type`, `handover`, `notice` and the place
 * 'Where to take it' starts from, `near` (acceptedReturn.ts). `lng` is read by the middleware and picks the page's language. The form's
 * `attempt` (src/lib/idempotencyKey.ts) is read by the send, never by a page: it is in no page.
 *
 * The pages the route cache keeps (the form page of a link, the status pages) depend on their
 * path, the token and the language alone, so the cache keys them by those (astro.config.mjs): a
 * link an e-shop's mail tags per recipient (`utm_*`, `fbclid`, …), a sender's attempt or any
 * made-up value of another parameter is still one page kept for its max-age, and cannot push the
 * kept pages out.
 */
export const linkQueryParams = ['token'] as const;

/**
 * 'Return another shipment' opens the link's form with this flag (src/server/form/sentPage.ts). No
 * page reads it: the form's island does, and starts without the draft of the return before, even
 * when the sender left the sent page before its island ran (src/islands/returnForm/draft.ts).
 */
export const anotherParam = 'another';
/** What the sent page reads besides the token; that page is never kept. */
export const sentQueryParams = ['token', 'type', 'handover', 'notice', 'near'] as const;

/** The route cache's key: the token and the language choice. */
export const cacheKeyParams: readonly string[] = [...linkQueryParams, 'lng'];

const sentPath = /^\/returns\/sent\/[^/]+$/;

/**
 * The query a page's language links and 'Try again' carry on: the parameters the page at `path`
 * (without its language prefix) reads, in their order (the return link's token goes along); `lng`,
 * the attempt and anything the page does not read stay behind. Empty when nothing is left.
 */
export function keptQuery(search: URLSearchParams, path = '/returns'): string {
  const read: readonly string[] = sentPath.test(path) ? sentQueryParams : linkQueryParams;
  return new URLSearchParams([...search].filter(([name]) => read.includes(name))).toString();
}
