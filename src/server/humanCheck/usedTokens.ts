/**
 * Solved ALTCHA challenges already spent, so a token works once per process.
 *
 * Lifecycle: one set per `createHumanCheck`, living as long as the process. An entry is
 * kept until its challenge expires (after that the signature check refuses it anyway)
 * and is then dropped. The set is bounded: at the cap it refuses new entries rather than
 * forgetting live ones, because forgetting would reopen a replay. Other instances and a
 * restarted process do not see it: sharedUsedTokens.ts (Redis) or the issuing process's
 * id in each challenge (altcha.ts) cover those.
 */
export type ClaimResult = 'claimed' | 'reused' | 'full';

export interface UsedTokens {
  /** Marks `id` as spent until `expiresAtMs`; synchronous, so two concurrent claims cannot both win. */
  claim(id: string, expiresAtMs: number, nowMs: number): ClaimResult;
  readonly size: number;
}

/** A bounded set of spent token ids, each remembered until its expiry. */
export function createUsedTokens(capacity: number): UsedTokens {
  const expiries = new Map<string, number>();

  // Entries arrive roughly in expiry order (one lifetime for all challenges), so the
  // cheap sweep stops at the first live entry; a full sweep runs only at the cap.
  const sweep = (nowMs: number, full: boolean) => {
    for (const [id, expiresAtMs] of expiries) {
      if (expiresAtMs <= nowMs) expiries.delete(id);
      else if (!full) return;
    }
  };

  return {
    claim(id, expiresAtMs, nowMs) {
      sweep(nowMs, false);
      if (expiries.has(id)) return 'reused';
      if (expiries.size >= capacity) sweep(nowMs, true);
      if (expiries.size >= capacity) return 'full';
      expiries.set(id, expiresAtMs);
      return 'claimed';
    },
    get size() {
      return expiries.size;
    },
  };
}
