/**
 * The query parameters the site's pages read, and nothing else: the return link's `token`, the
 * fresh `another` of 'Return another shipment', and the sent page's `type`, `handover` and
 * `notice` (acceptedReturn.ts). `lng` is read by the middleware and picks the page's language.
 *
 * A page's HTML depends on its path and these alone, so the route cache keys a page by them
 * (astro.config.mjs): a link an e-shop's mail tags per recipient (`utm_*`, `fbclid`, …) is still
 * one page kept for its max-age, and a query of made-up names cannot make the server render again.
 */
export const pageQueryParams = ['token', 'another', 'type', 'handover', 'notice'] as const;

const isPageParam = (name: string) => (pageQueryParams as readonly string[]).includes(name);

/** The route cache's key: the page parameters and the language choice. */
export const cacheKeyParams: readonly string[] = [...pageQueryParams, 'lng'];

/**
 * The query a page's language links and 'Try again' carry on: the page parameters it was asked
 * with, in their order (the return link's token goes along); `lng` and anything the site does not
 * read stay behind. Empty when nothing is left.
 */
export function keptQuery(search: URLSearchParams): string {
  return new URLSearchParams([...search].filter(([name]) => isPageParam(name))).toString();
}
