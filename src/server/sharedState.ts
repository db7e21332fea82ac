import { rateLimitSettings, type SiteConfig } from './config.ts';
import { createSharedUsedTokens, type SharedUsedTokens } from './humanCheck/sharedUsedTokens.ts';
import { createMemoryKeyStore, createRedisKeyStore, type KeyStore } from './idempotency/store.ts';
import type { SiteLogger } from './log.ts';
import { createRateLimits, type RateLimits } from './rateLimits.ts';
import { openSharedStore, type SharedStore } from './sharedStore.ts';

/** What every instance of the site must share exactly: idempotency keys, spent tokens, rate limits. */
export interface SharedState {
  keys: KeyStore;
  /** Spent human-check tokens beyond this instance; undefined when it is the only one. */
  tokens: SharedUsedTokens | undefined;
  limits: RateLimits;
  /** The Redis connection behind them, for the readiness check; undefined at the edge and alone. */
  store: SharedStore | undefined;
}

/**
 * The shared state of a self-hosted instance: in the Redis that RATE_LIMIT_REDIS_URL names, so
 * that several instances share it, else in this process's memory. The edge build has its own
 * (sharedState.edge.ts: Durable Objects).
 */
export async function openSharedState(config: SiteConfig, log: SiteLogger): Promise<SharedState> {
  const store = config.RATE_LIMIT_REDIS_URL
    ? await openSharedStore(config.RATE_LIMIT_REDIS_URL, log)
    : undefined;
  return {
    keys: store ? createRedisKeyStore(store) : createMemoryKeyStore(),
    tokens: store && createSharedUsedTokens(store),
    limits: createRateLimits({ store, limits: rateLimitSettings(config) }),
    store,
  };
}
