import { env, type DurableObjectNamespace } from 'cloudflare:workers';
import { rateLimitSettings, type SiteConfig } from './config.ts';
import type { SharedUsedTokens } from './humanCheck/sharedUsedTokens.ts';
import type { KeyRecord, KeyStore } from './idempotency/store.ts';
import type { SiteLogger } from './log.ts';
import { recordRateLimitRefusal } from './metrics.ts';
import { createRateLimits, defaultLimits, keyOf, type RateLimits } from './rateLimits.ts';
import type { SharedKey } from './edge/sharedKey.ts';
import { StoreUnavailableError } from './sharedStore.ts';
import type { SharedState } from './sharedState.ts';
import type * as NodeSharedState from './sharedState.ts';

/**
 * The shared state at the edge (the edge build's twin of sharedState.ts): each idempotency key,
 * spent token and rate-limit counter is a Durable Object of its own (edge/sharedKey.ts, bound as
 * SHARED_KEYS in wrangler.jsonc), exact across every isolate and location. An object that cannot
 * be reached refuses what must be exact (StoreUnavailableError: 503 and Retry-After, as with Redis);
 * the limits then count in this isolate's memory (decision 026).
 */
export const openSharedState: typeof NodeSharedState.openSharedState = async (
  config: SiteConfig,
  log: SiteLogger,
): Promise<SharedState> => {
  const { SHARED_KEYS: namespace } = env as { SHARED_KEYS?: DurableObjectNamespace<SharedKey> };
  if (!namespace) throw new Error('wrangler.jsonc binds no SHARED_KEYS Durable Object');
  const key = (kind: string, name: string) => namespace.get(namespace.idFromName(`${kind}:${name}`));
  /** A call to one object; its failure is the store's. */
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      log.error('sharedStoreUnavailable', { detail: error instanceof Error ? error.message : String(error) });
      throw new StoreUnavailableError();
    }
  };

  const keys: KeyStore = {
    async claim(name, record, ttlMs, over) {
      const text = JSON.stringify(record);
      const held = await call(() =>
        key('idempotency', name).claim(text, ttlMs, over ? JSON.stringify(over) : undefined),
      );
      return held === null ? 'claimed' : (JSON.parse(held) as KeyRecord);
    },
    put: (name, record, ttlMs) => call(() => key('idempotency', name).put(JSON.stringify(record), ttlMs)),
    release: (name, record) => call(() => key('idempotency', name).release(JSON.stringify(record))),
  };

  const tokens: SharedUsedTokens = {
    async claim(id, expiresAtMs) {
      try {
        const held = await call(() => key('spent', id).claim('1', Math.max(1, expiresAtMs - Date.now())));
        return held === null ? 'claimed' : 'reused';
      } catch {
        return 'unavailable';
      }
    },
    // A Worker keeps nothing to write later: one more try, and a line when it fails too (the
    // download it allowed was of a challenge this isolate issued, which no other one accepts).
    async claimLater(id, expiresAtMs) {
      await call(() => key('spent', id).put('1', Math.max(1, expiresAtMs - Date.now()))).catch(
        () => undefined,
      );
    },
  };

  const settings = { ...defaultLimits, ...rateLimitSettings(config) };
  const inMemory = createRateLimits({ limits: settings });
  const limits: RateLimits = {
    async consume(name, client, scope) {
      const { points, duration } = settings[name];
      let waitMs: number;
      try {
        waitMs = await key(`limit:${name}`, keyOf(client, scope)).consume(points, duration * 1000);
      } catch {
        return inMemory.consume(name, client, scope);
      }
      if (waitMs <= 0) return { ok: true };
      recordRateLimitRefusal(name);
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
  };

  return { keys, tokens, limits, store: undefined };
};
