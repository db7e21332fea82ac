import { createHash } from 'node:crypto';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { SiteLogger } from './log.ts';
import { recordRateLimitRefusal } from './metrics.ts';
import { connectRedis } from './redis.ts';

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
  /** Lets go of the Redis connection, if there is one. */
  close(): Promise<void>;
};

// The scope is a secret-ish token: only a short digest of it goes into the store's keys.
const keyOf = (client: string, scope: string | undefined) =>
  scope === undefined
    ? client
    : `${client}|${createHash('sha256').update(scope).digest('base64url').slice(0, 22)}`;

/**
 * Rate limits: in memory by default; in Redis when several site instances must share them,
 * with the memory limiter as insurance while Redis is unreachable. `limits` overrides the
 * defaults one by one (from the RATE_LIMIT_* variables).
 */
export async function createRateLimits(options: {
  redisUrl?: string | undefined;
  limits?: Partial<LimitSettings> | undefined;
  log: SiteLogger;
}): Promise<RateLimits> {
  const settings: LimitSettings = { ...defaultLimits, ...options.limits };
  const memory = (name: LimitName) => new RateLimiterMemory({ keyPrefix: name, ...settings[name] });
  let makeLimiter: (name: LimitName) => RateLimiterAbstract = memory;
  let close = async (): Promise<void> => undefined;
  if (options.redisUrl) {
    const client = await connectRedis(options.redisUrl, options.log, 'rateLimitStoreUnavailable');
    close = async () => {
      client.disconnect();
    };
    makeLimiter = (name) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `returns:${name}`,
        ...settings[name],
        insuranceLimiter: memory(name),
      });
  }
  const limiters = Object.fromEntries(
    Object.keys(defaultLimits).map((name) => [name, makeLimiter(name as LimitName)]),
  ) as Record<LimitName, RateLimiterAbstract>;
  return {
    async consume(name, client, scope) {
      try {
        await limiters[name].consume(keyOf(client, scope));
        return { ok: true };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          recordRateLimitRefusal(name);
          return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        }
        options.log.warn('rateLimitStoreUnavailable', { cause: (rejection as Error).message });
        return { ok: true };
      }
    },
    close: () => close(),
  };
}
