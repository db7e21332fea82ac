import { createHash, randomUUID } from 'node:crypto';
import { uuidDigest } from '../../lib/idempotencyKey.ts';
import { recordReturn } from '../metrics.ts';
import type { KeyRecord, KeyStore } from './store.ts';

/**
 * The site's own idempotency: the carrier API of the spec has none, so the site stores each
 * key (one attempt's request, src/lib/idempotencyKey.ts) with its outcome and lets the carrier
 * hear of it once. A retry (a lost answer, a double click, a form posted again after Back) or a
 * concurrent duplicate on any instance gets the first answer, unless the carrier has since said
 * that answer failed: a known failure is never replayed (decision 035). The key still goes to
 * the carrier too, for a carrier that honours it.
 */
export type Once =
  | { kind: 'created'; batchId: string }
  | { kind: 'replayed'; batchId: string }
  /** The key came before with a different request. */
  | { kind: 'conflict' }
  /** The first request with the key is still creating the return, past the time it may take. */
  | { kind: 'busy' };

export interface Idempotency {
  /**
   * Runs `create` once per key and request, and counts the outcome for the operators' metrics
   * under `path`. It throws what `create` throws, after freeing the key: a failed creation made
   * no return, and the sender's retry may try again. It throws StoreUnavailableError, before
   * anything is created, when the key store cannot answer.
   *
   * `failed` tells whether a kept outcome's return is known to have failed (its import ended in
   * Error, or Complete without a label); such an outcome is not replayed: the retry creates anew.
   */
  once(
    submission: { key: string; request: unknown; path: 'api' | 'form' },
    create: (carrierKey: string) => Promise<{ batchId: string }>,
    failed: (batchId: string) => Promise<boolean>,
  ): Promise<Once>;
}

/** How long an outcome is kept: longer than any sender keeps a tab with an unsent retry. */
const doneTtlMs = 24 * 60 * 60 * 1000;
const pollEveryMs = 100;

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * Idempotency over a key store. `creationMs` is the longest a creation can take (the carrier
 * call's timeout): a duplicate waits that long for the first answer, and an in-flight mark
 * outlives it, so a process that died mid-creation frees its keys in the end.
 */
export function createIdempotency(store: KeyStore, creationMs: number): Idempotency {
  const waitMs = creationMs + 2_000;
  const inFlightTtlMs = 2 * creationMs + 10_000;
  return {
    async once({ key, request, path }, create, failed) {
      const name = `returns:idempotency:${digest(key)}`;
      const fingerprint = digest(JSON.stringify(request));
      const mark: KeyRecord = { state: 'inFlight', fingerprint, owner: randomUUID() };
      const deadline = Date.now() + waitMs;
      /** A kept outcome the carrier failed: the next claim may take its place. */
      let over: KeyRecord | undefined;
      for (;;) {
        const held = await store.claim(name, mark, inFlightTtlMs, over);
        if (held === 'claimed') break;
        if (held.fingerprint !== fingerprint) return { kind: 'conflict' };
        if (held.state === 'done') {
          // Asked once per outcome; a status that cannot be read replays it (its sent page says the rest).
          if (held.batchId !== (over?.state === 'done' && over.batchId) && (await failed(held.batchId))) {
            over = held;
            continue;
          }
          recordReturn('replayed', path);
          return { kind: 'replayed', batchId: held.batchId };
        }
        if (Date.now() >= deadline) return { kind: 'busy' };
        await new Promise((resolve) => setTimeout(resolve, pollEveryMs));
      }
      let accepted: { batchId: string };
      try {
        // A carrier that honours the key would answer a retry over a failed return with that
        // return again: the retry goes to it under a key of its own.
        const failedBatch = over?.state === 'done' ? over.batchId : undefined;
        accepted = await create(failedBatch ? await uuidDigest(`${key}\n${failedBatch}`) : key);
      } catch (error) {
        recordReturn('failed', path);
        await store.release(name, mark);
        throw error;
      }
      recordReturn('created', path);
      await store.put(name, { state: 'done', fingerprint, batchId: accepted.batchId }, doneTtlMs);
      return { kind: 'created', batchId: accepted.batchId };
    },
  };
}
