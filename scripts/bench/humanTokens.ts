import { solveAltcha } from '../../src/islands/humanCheck/altcha.ts';
import type { HumanCheckAction } from '../../src/lib/humanCheck.ts';
import { siteApi } from '../../src/lib/siteApi.ts';
import { nextClientAddress } from './http.ts';
import { mapPool } from './stats.ts';

/**
 * Human-check tokens solved ahead of a timed run, with the browser's own ALTCHA solver
 * (it runs in Node: fetch and crypto.subtle). Each token is good for one request within
 * ten minutes, so a part solves what it will spend just before it starts timing.
 *
 * The solver fetches its challenge with the global fetch. Challenges are rate limited per
 * client (60 a minute), and the bench stands in for many senders, so while it solves, the
 * global fetch adds a fresh X-Forwarded-For to each call (the bench server trusts it);
 * the original fetch is back when this returns.
 */
export async function solveTokens(
  siteUrl: string,
  action: HumanCheckAction,
  count: number,
): Promise<string[]> {
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('x-forwarded-for', nextClientAddress());
    return original(input, { ...init, headers });
  };
  const started = performance.now();
  try {
    // Two in flight keep both cores busy without starving the server that issues the challenges.
    const tokens = await mapPool(Array.from({ length: count }), 2, () =>
      solveAltcha(new URL(siteApi.challenge, siteUrl).href, action),
    );
    console.log(
      `  solved ${count} ${action} human checks in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return tokens;
  } finally {
    globalThis.fetch = original;
  }
}
