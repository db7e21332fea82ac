import { createHash } from 'node:crypto';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { recordRateLimitRefusal } from './metrics.ts';
import { storeAnswerWithinMs, type SharedStore } from './sharedStore.ts';
import { withTimeout } from './withTimeout.ts';

/**
 * Requests allowed per window (seconds). Offices and mobile networks put many senders behind
 * one address (carrier-grade NAT), so a costly call is limited per address and return link
 * (or label), which stops one abuser, under a far higher ceiling per address, which stops
 * one address from flooding. Calls that name no link are limited per address only.
 */
export const defaultLimits = {
  createPerLink: { points: 10, duration: 600 },
  createPerAddress: { points: 100, duration: 600 },
  // A form posted without scripts has no human check: far fewer, on top of the two above.
  noScriptPerLink: { points: 3, duration: 600 },
  noScriptPerAddress: { points: 20, duration: 600 },
  labelPerLabel: { points: 30, duration: 600 },
  labelPerAddress: { points: 600, duration: 600 },
  suggestions: { points: 300, duration: 60 },
  // 'Where to take it': a search is a few taps, not a stream of keystrokes.
  accessPoints: { points: 60, duration: 60 },
  challenge: { points: 300, duration: 60 },
} as const;

export type LimitName = keyof typeof defaultLimits;
export type LimitSettings = Record<LimitName, { points: number; duration: number }>;
export type RateLimits = {
  /** Counts one request of `client`, within `scope` (a return link, a label) when the limit has one. */
  consume(
    name: LimitName,
    client: string,
    scope?: string,
  ): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
};

// The scope is a secret-ish token: only a short digest of it goes into the store's keys.
export const keyOf = (client: string, scope: string | undefined) =>
  scope === undefined
    ? client
    : `${client}|${createHash('sha256').update(scope).digest('base64url').slice(0, 22)}`;

/**
 * Rate limits: in memory by default; in the shared store when several site instances must
 * share them. While that store does not answer they count in this process's memory, with the
 * same limits (decision 026): nothing a limit guards while the store is down needs it to be
 * exact, because creations and spent tokens are refused then. `limits` overrides the
 * defaults one by one (from the RATE_LIMIT_* variables).
 */
export function createRateLimits(options: {
  store?: SharedStore | undefined;
  limits?: Partial<LimitSettings> | undefined;
}): RateLimits {
  const settings: LimitSettings = { ...defaultLimits, ...options.limits };
  const names = Object.keys(defaultLimits) as LimitName[];
  const each = <T>(make: (name: LimitName) => T) =>
    Object.fromEntries(names.map((name) => [name, make(name)])) as Record<LimitName, T>;
  const memory = each((name) => new RateLimiterMemory({ keyPrefix: name, ...settings[name] }));
  const { store } = options;
  const shared =
    store &&
    each(
      (name) =>
        new RateLimiterRedis({
          storeClient: store.redis,
          keyPrefix: `returns:${name}`,
          rejectIfRedisNotReady: true,
          ...settings[name],
        }),
    );
  const refused = (name: LimitName, rejection: RateLimiterRes) => {
    recordRateLimitRefusal(name);
    return { ok: false as const, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
  };
  const inMemory = async (name: LimitName, key: string) => {
    try {
      await memory[name].consume(key);
      return { ok: true as const };
    } catch (rejection) {
      return refused(name, rejection as RateLimiterRes);
    }
  };
  return {
    async consume(name, client, scope) {
      const key = keyOf(client, scope);
      if (!shared || !store.up) return inMemory(name, key);
      try {
        await withTimeout(storeAnswerWithinMs, () => shared[name].consume(key));
        return { ok: true };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return refused(name, rejection);
        store.failed(rejection);
        return inMemory(name, key);
      }
    },
  };
}
