import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { SiteLogger } from './log.ts';

/** Requests one client may make per window, by what they cost the carrier and the sender's privacy. */
export const limits = {
  create: { points: 10, duration: 600 },
  label: { points: 60, duration: 600 },
  suggestions: { points: 120, duration: 60 },
  challenge: { points: 60, duration: 60 },
} as const;

export type LimitName = keyof typeof limits;
export type RateLimits = {
  consume(name: LimitName, client: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
  /** Lets go of the Redis connection, if there is one. */
  close(): Promise<void>;
};

/**
 * Per-client rate limits: in memory by default; in Redis when several site instances must
 * share them, with the memory limiter as insurance while Redis is unreachable.
 */
export async function createRateLimits(options: {
  redisUrl?: string | undefined;
  log: SiteLogger;
}): Promise<RateLimits> {
  let makeLimiter = (name: LimitName): RateLimiterAbstract =>
    new RateLimiterMemory({ keyPrefix: name, ...limits[name] });
  let close = async (): Promise<void> => undefined;
  if (options.redisUrl) {
    const { Redis } = await import('ioredis');
    const client = new Redis(options.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: false,
    });
    client.on('error', (error: Error) =>
      options.log.warn('rateLimitStoreUnavailable', { cause: error.message }),
    );
    close = async () => {
      client.disconnect();
    };
    const memory = makeLimiter;
    makeLimiter = (name) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `returns:${name}`,
        ...limits[name],
        insuranceLimiter: memory(name),
      });
  }
  const limiters = Object.fromEntries(
    Object.keys(limits).map((name) => [name, makeLimiter(name as LimitName)]),
  ) as Record<LimitName, RateLimiterAbstract>;
  return {
    async consume(name, client) {
      try {
        await limiters[name].consume(client);
        return { ok: true };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes)
          return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        options.log.warn('rateLimitStoreUnavailable', { cause: (rejection as Error).message });
        return { ok: true };
      }
    },
    close: () => close(),
  };
}
