import { describe, expect, it } from 'vitest';
import { createIdempotency } from '../../src/server/idempotency/index.ts';
import { createMemoryKeyStore } from '../../src/server/idempotency/store.ts';

const mark = { state: 'inFlight', fingerprint: 'f', owner: 'a' } as const;
const submission = { key: 'key', request: {}, path: 'form' } as const;
/** No outcome is known to have failed. */
const never = async () => false;

describe('the idempotency keys of one process', () => {
  it('holds a claimed key until it expires, and frees it only for its own owner', async () => {
    let now = 0;
    const store = createMemoryKeyStore(() => now);
    expect(await store.claim('k', mark, 1_000)).toBe('claimed');
    expect(await store.claim('k', { ...mark, owner: 'b' }, 1_000)).toEqual(mark);
    await store.release('k', { ...mark, owner: 'b' });
    expect(await store.claim('k', { ...mark, owner: 'b' }, 1_000)).toEqual(mark);
    now = 1_000;
    expect(await store.claim('k', { ...mark, owner: 'b' }, 1_000)).toBe('claimed');
    await store.release('k', { ...mark, owner: 'b' });
    expect(await store.claim('k', mark, 1_000)).toBe('claimed');
  });

  it('claims a key over the outcome it was told of, and over no other', async () => {
    const store = createMemoryKeyStore();
    const done = { state: 'done', fingerprint: 'f', batchId: 'b1' } as const;
    await store.put('k', done, 1_000);
    expect(await store.claim('k', mark, 1_000, { ...done, batchId: 'b0' })).toEqual(done);
    expect(await store.claim('k', mark, 1_000, done)).toBe('claimed');
    expect(await store.claim('k', { ...mark, owner: 'b' }, 1_000, done)).toEqual(mark);
  });

  it('runs a creation once for two callers at once, and gives the second the first answer', async () => {
    let creations = 0;
    const idempotency = createIdempotency(createMemoryKeyStore(), 1_000);
    const create = async () => {
      creations += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { batchId: `batch-${creations}` };
    };
    const [a, b] = await Promise.all([
      idempotency.once({ key: 'key', request: { name: 'Jana' }, path: 'api' }, create, never),
      idempotency.once({ key: 'key', request: { name: 'Jana' }, path: 'api' }, create, never),
    ]);
    expect([a, b]).toEqual([
      { kind: 'created', batchId: 'batch-1' },
      { kind: 'replayed', batchId: 'batch-1' },
    ]);
    expect(
      await idempotency.once({ key: 'key', request: { name: 'Petr' }, path: 'api' }, create, never),
    ).toEqual({
      kind: 'conflict',
    });
    expect(creations).toBe(1);
  });

  it('tells a duplicate that waited longer than a creation may take that the first is still busy', async () => {
    const idempotency = createIdempotency(createMemoryKeyStore(), 100);
    let finish: (value: { batchId: string }) => void = () => undefined;
    const first = idempotency.once(submission, () => new Promise((resolve) => (finish = resolve)), never);
    expect(await idempotency.once(submission, async () => ({ batchId: 'never' }), never)).toEqual({
      kind: 'busy',
    });
    finish({ batchId: 'late' });
    expect(await first).toEqual({ kind: 'created', batchId: 'late' });
  });
});

describe('an outcome the carrier failed', () => {
  it('is not replayed: the next request of the key creates anew, under a key of its own at the carrier', async () => {
    const keys: string[] = [];
    const failedBatches = new Set<string>();
    const idempotency = createIdempotency(createMemoryKeyStore(), 1_000);
    const create = async (carrierKey: string) => {
      keys.push(carrierKey);
      return { batchId: `batch-${keys.length}` };
    };
    const failed = async (batchId: string) => failedBatches.has(batchId);
    const submission = { key: 'key', request: { name: 'Jana' }, path: 'api' } as const;
    expect(await idempotency.once(submission, create, failed)).toEqual({
      kind: 'created',
      batchId: 'batch-1',
    });
    expect(await idempotency.once(submission, create, failed)).toEqual({
      kind: 'replayed',
      batchId: 'batch-1',
    });
    failedBatches.add('batch-1');
    // Two retries at once: one creates, the other gets its outcome.
    const retries = await Promise.all([
      idempotency.once(submission, create, failed),
      idempotency.once(submission, create, failed),
    ]);
    expect(retries).toContainEqual({ kind: 'created', batchId: 'batch-2' });
    expect(retries).toContainEqual({ kind: 'replayed', batchId: 'batch-2' });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe('key');
    expect(keys[1]).not.toBe('key');
    expect(await idempotency.once(submission, create, failed)).toEqual({
      kind: 'replayed',
      batchId: 'batch-2',
    });
  });

  it('is replayed when its state cannot be read', async () => {
    const idempotency = createIdempotency(createMemoryKeyStore(), 1_000);
    const submission = { key: 'key', request: {}, path: 'form' } as const;
    const create = async () => ({ batchId: 'only' });
    await idempotency.once(submission, create, async () => false);
    expect(await idempotency.once(submission, create, async () => false)).toEqual({
      kind: 'replayed',
      batchId: 'only',
    });
  });
});
