import { siteApi } from './siteApi.ts';

/**
 * The return page, asked for by a small inline script in the form page's head while the
 * island's scripts are still on their way, so that the recipient shows within moments of the
 * first paint instead of after hydration (a phone on a slow network waits over a second for the
 * island). The island takes the same answer (`takeEarlyReturnPage`) rather than asking again.
 */

/** Where the inline script leaves its request for the island: a property of `window`. */
export const earlyReturnPageKey = 'earlyReturnPage';

/** Where the carrier's login leaves a session's bearer token (spec §6). */
export const bearerKey = 'returns.bearerToken';

export interface EarlyReturnPage {
  /** The site API URL asked for, as the island would build it. */
  url: string;
  /** The answer, a copy of its own for the island to read. */
  response: Promise<Response>;
}

/**
 * The inline script's request for `url`, once: later calls go to the network. Taken or not,
 * the script starts none after this (null marks that the island asks for itself).
 */
export function takeEarlyReturnPage(url: string): Promise<Response> | undefined {
  if (!url.startsWith(`${siteApi.returnPage}?`)) return undefined;
  const store = window as unknown as { [earlyReturnPageKey]?: EarlyReturnPage | null };
  const early = store[earlyReturnPageKey];
  store[earlyReturnPageKey] = null;
  return early?.url === url ? early.response : undefined;
}
