import type { SharedStore } from '../sharedStore.ts';

/**
 * Where idempotency keys live: in this process's memory by default, in the Redis that the rate
 * limits and spent human-check tokens use when several site instances share one.
 *
 * Lifecycle of a key: absent → in flight (one request claimed it and is creating the return;
 * the mark expires on its own if that process dies) → done (the outcome, kept for a day), or
 * absent again when the creation failed, so that a retry may try once more. A done key whose
 * return the carrier has since failed (its import ended in Error) is claimed over that outcome
 * by the next retry, as if it were absent (decision 035).
 */
export type KeyRecord =
  | { state: 'inFlight'; fingerprint: string; owner: string }
  | { state: 'done'; fingerprint: string; batchId: string };

export interface KeyStore {
  /**
   * Sets `record` if the key is free, or still holds exactly `over`: 'claimed'; otherwise the
   * record that holds it. Atomic: of two claims over one outcome, one wins.
   */
  claim(key: string, record: KeyRecord, ttlMs: number, over?: KeyRecord): Promise<'claimed' | KeyRecord>;
  /** Replaces whatever the key holds with `record`. */
  put(key: string, record: KeyRecord, ttlMs: number): Promise<void>;
  /** Frees the key, if it still holds `record` (a later owner's mark stays). */
  release(key: string, record: KeyRecord): Promise<void>;
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
    async claim(key, record, ttlMs, over) {
      const held = live(key);
      if (held && !(over && held.text === JSON.stringify(over))) return JSON.parse(held.text) as KeyRecord;
      write(key, record, ttlMs);
      return 'claimed';
    },
    async put(key, record, ttlMs) {
      write(key, record, ttlMs);
    },
    async release(key, record) {
      if (live(key)?.text === JSON.stringify(record)) entries.delete(key);
    },
  };
}

// One round trip, atomic: claims the key (nil), or answers what holds it.
const claimScript =
  "if redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return false else return redis.call('get', KEYS[1]) end";
// The same, and claims it over ARGV[3] too: an outcome the carrier failed (decision 035).
const claimOverScript = `
local held = redis.call('get', KEYS[1])
if held and held ~= ARGV[3] then return held end
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false`;
const releaseScript =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * The keys in the shared store, for every instance that uses it: of two instances claiming one
 * key at once, exactly one wins. While the store does not answer, a claim throws
 * StoreUnavailableError and the creation is refused: no instance guesses from its own memory
 * (decision 026). An outcome or a release that cannot be written at once is written when the
 * store answers again, before it counts as up; until then this process answers its own retries
 * from the outcome it keeps.
 */
export function createRedisKeyStore(store: SharedStore, now: () => number = Date.now): KeyStore {
  const unwritten = new Map<string, string>();
  return {
    async claim(key, record, ttlMs, over) {
      const overText = over ? JSON.stringify(over) : '';
      const kept = unwritten.get(key);
      if (kept && kept !== overText) return JSON.parse(kept) as KeyRecord;
      const text = JSON.stringify(record);
      const wasUp = store.up;
      try {
        const held = await store.run((redis) =>
          over
            ? redis.eval(claimOverScript, 1, key, text, ttlMs, overText)
            : redis.eval(claimScript, 1, key, text, ttlMs),
        );
        return typeof held === 'string' ? (JSON.parse(held) as KeyRecord) : 'claimed';
      } catch (error) {
        // A Redis that froze may still run the claim when it wakes: free the key then, so that
        // the sender's retry is not held off until the mark expires.
        if (wasUp) void store.writeSurely((redis) => redis.eval(releaseScript, 1, key, text));
        throw error;
      }
    },
    async put(key, record, ttlMs) {
      const text = JSON.stringify(record);
      const expiresAt = now() + ttlMs;
      // Kept here until it is in Redis, so that the sender's answer never waits for the store.
      unwritten.set(key, text);
      void store.writeSurely(
        (redis) => redis.set(key, text, 'PXAT', expiresAt),
        () => {
          if (unwritten.get(key) === text) unwritten.delete(key);
        },
      );
    },
    async release(key, record) {
      unwritten.delete(key);
      void store.writeSurely((redis) => redis.eval(releaseScript, 1, key, JSON.stringify(record)));
    },
  };
}
