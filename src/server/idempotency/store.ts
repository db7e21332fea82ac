import type { Redis } from 'ioredis';
import { withTimeout } from '../humanCheck/withTimeout.ts';
import type { SiteLogger } from '../log.ts';

/**
 * Where idempotency keys live: in this process's memory by default, in the Redis that the rate
 * limits and spent human-check tokens use when several site instances share one.
 *
 * Lifecycle of a key: absent → in flight (one request claimed it and is creating the return;
 * the mark expires on its own if that process dies) → done (the outcome, kept for a day), or
 * absent again when the creation failed, so that a retry may try once more.
 */
export type KeyRecord =
  | { state: 'inFlight'; fingerprint: string; owner: string }
  | { state: 'done'; fingerprint: string; batchId: string };

export interface KeyStore {
  /** Sets `record` if the key is free: 'claimed'; otherwise the record that holds it. */
  claim(key: string, record: KeyRecord, ttlMs: number): Promise<'claimed' | KeyRecord>;
  /** Replaces whatever the key holds with `record`. */
  put(key: string, record: KeyRecord, ttlMs: number): Promise<void>;
  /** Frees the key, if it still holds `record` (a later owner's mark stays). */
  release(key: string, record: KeyRecord): Promise<void>;
  close(): Promise<void>;
}

/** The keys of one process; expired entries go as they are met, and in a sweep now and then. */
export function createMemoryKeyStore(now: () => number = Date.now): KeyStore {
  const entries = new Map<string, { text: string; expiresAt: number }>();
  let writes = 0;
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) entries.delete(key);
    return entries.get(key);
  };
  const write = (key: string, record: KeyRecord, ttlMs: number) => {
    entries.set(key, { text: JSON.stringify(record), expiresAt: now() + ttlMs });
    writes += 1;
    if (writes % 1000 === 0)
      for (const [name, entry] of entries) if (entry.expiresAt <= now()) entries.delete(name);
  };
  return {
    async claim(key, record, ttlMs) {
      const held = live(key);
      if (held) return JSON.parse(held.text) as KeyRecord;
      write(key, record, ttlMs);
      return 'claimed';
    },
    async put(key, record, ttlMs) {
      write(key, record, ttlMs);
    },
    async release(key, record) {
      if (live(key)?.text === JSON.stringify(record)) entries.delete(key);
    },
    close: async () => undefined,
  };
}

// A creation waits for these answers; a Redis that hangs must not hang the sender.
const answerWithinMs = 500;
const releaseScript =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * The keys in Redis, shared by every instance that uses it. SET NX makes a claim atomic: of two
 * instances claiming one key at once, exactly one wins. While Redis does not answer, the keys
 * fall back to this process's memory (logged): a sender is never refused for the store's sake.
 */
export function createRedisKeyStore(redis: Redis, log: SiteLogger): KeyStore {
  const memory = createMemoryKeyStore();
  const orMemory = async <T>(work: () => Promise<T>, fallback: () => Promise<T>): Promise<T> => {
    try {
      return await withTimeout(answerWithinMs, work);
    } catch (error) {
      log.warn('idempotencyStoreUnavailable', { cause: (error as Error).message });
      return fallback();
    }
  };
  return {
    claim: (key, record, ttlMs) =>
      orMemory(
        async () => {
          // A key gone between the two calls (expired or released) is claimed again, once.
          for (let attempt = 0; ; attempt += 1) {
            if ((await redis.set(key, JSON.stringify(record), 'PX', ttlMs, 'NX')) === 'OK') return 'claimed';
            const held = await redis.get(key);
            if (held !== null) return JSON.parse(held) as KeyRecord;
            if (attempt > 0) throw new Error('the key changed hands while it was claimed');
          }
        },
        () => memory.claim(key, record, ttlMs),
      ),
    put: (key, record, ttlMs) =>
      orMemory(
        async () => void (await redis.set(key, JSON.stringify(record), 'PX', ttlMs)),
        () => memory.put(key, record, ttlMs),
      ),
    release: (key, record) =>
      orMemory(
        async () => void (await redis.eval(releaseScript, 1, key, JSON.stringify(record))),
        () => memory.release(key, record),
      ),
    close: async () => {
      redis.disconnect();
    },
  };
}
