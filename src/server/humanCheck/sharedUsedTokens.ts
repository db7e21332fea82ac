import { StoreUnavailableError, type SharedStore } from '../sharedStore.ts';

/**
 * Spent ALTCHA challenges in the shared store, so that a token works once across every site
 * instance and across restarts. Each spent challenge is one key that Redis drops when the
 * challenge expires, when the signature check would refuse the token anyway.
 */
export type SharedClaim = 'claimed' | 'reused' | 'unavailable';

export interface SharedUsedTokens {
  /** Marks `id` as spent until `expiresAtMs`; 'unavailable' when the store did not answer in time. */
  claim(id: string, expiresAtMs: number): Promise<SharedClaim>;
  /** Marks `id` as spent once the store answers again: a token accepted while it was down. */
  claimLater(id: string, expiresAtMs: number): Promise<void>;
}

const keyPrefix = 'returns:altcha:spent:';

/** The spent-token set in the shared store, for every instance that uses it. */
export function createSharedUsedTokens(store: SharedStore): SharedUsedTokens {
  return {
    async claim(id, expiresAtMs) {
      try {
        // SET NX is atomic in Redis: of two instances claiming one token, exactly one wins.
        const set = await store.run((redis) =>
          redis.set(`${keyPrefix}${id}`, '1', 'PXAT', Math.ceil(expiresAtMs), 'NX'),
        );
        return set === 'OK' ? 'claimed' : 'reused';
      } catch (error) {
        if (error instanceof StoreUnavailableError) return 'unavailable';
        throw error;
      }
    },
    claimLater: (id, expiresAtMs) =>
      store.writeSurely((redis) => redis.set(`${keyPrefix}${id}`, '1', 'PXAT', Math.ceil(expiresAtMs))),
  };
}
