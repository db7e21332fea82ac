import type { SiteLogger } from '../log.ts';
import { connectRedis } from '../redis.ts';
import { withTimeout } from './withTimeout.ts';

/**
 * Spent ALTCHA challenges in Redis, so that a token works once across every site instance
 * and across restarts.
 *
 * Lifecycle: one connection per site process, opened with the endpoints' dependencies and
 * held until the process ends. Each spent challenge is one key that Redis drops when the
 * challenge expires, when the signature check would refuse the token anyway.
 */
export type SharedClaim = 'claimed' | 'reused' | 'unavailable';

export interface SharedUsedTokens {
  /** Marks `id` as spent until `expiresAtMs`; 'unavailable' when Redis did not answer in time. */
  claim(id: string, expiresAtMs: number, nowMs: number): Promise<SharedClaim>;
  close(): Promise<void>;
}

const keyPrefix = 'returns:altcha:spent:';
// A creation waits for this answer; a Redis that hangs must not hang the sender.
const answerWithinMs = 500;

/** The spent-token set in the Redis at `url`, shared by every instance that uses it. */
export async function createSharedUsedTokens(url: string, log: SiteLogger): Promise<SharedUsedTokens> {
  const redis = await connectRedis(url, log, 'humanCheckStoreUnavailable');
  return {
    async claim(id, expiresAtMs, nowMs) {
      const ttlMs = Math.max(1, Math.ceil(expiresAtMs - nowMs));
      try {
        // SET NX is atomic in Redis: of two instances claiming one token, exactly one wins.
        const set = await withTimeout(answerWithinMs, () =>
          redis.set(`${keyPrefix}${id}`, '1', 'PX', ttlMs, 'NX'),
        );
        return set === 'OK' ? 'claimed' : 'reused';
      } catch (error) {
        log.warn('humanCheckStoreUnavailable', { cause: (error as Error).message });
        return 'unavailable';
      }
    },
    close: async () => {
      redis.disconnect();
    },
  };
}
