import { describe, expect, it } from 'vitest';
import { createIdempotency } from '../../src/server/idempotency/index.ts';
import { createMemoryKeyStore } from '../../src/server/idempotency/store.ts';

const mark = { state: 'inFlight', fingerprint: 'f', owner: 'a' } as const;
const submission = { key: 'key', request: {}, path: 'form' } as const;

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

  it('runs a creation once for two callers at once, and gives the second the first answer', async () => {
    let creations = 0;
    const idempotency = createIdempotency(createMemoryKeyStore(), 1_000);
    const create = async () => {
      creations += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { batchId: `batch-${creations}` };
    };
    const [a, b] = await Promise.all([
      idempotency.once({ key: 'key', request: { name: 'Jana' }, path: 'api' }, create),
      idempotency.once({ key: 'key', request: { name: 'Jana' }, path: 'api' }, create),
    ]);
    expect([a, b]).toEqual([
      { kind: 'created', batchId: 'batch-1' },
      { kind: 'replayed', batchId: 'batch-1' },
    ]);
    expect(await idempotency.once({ key: 'key', request: { name: 'Petr' }, path: 'api' }, create)).toEqual({
      kind: 'conflict',
    });
    expect(creations).toBe(1);
  });

  it('tells a duplicate that waited longer than a creation may take that the first is still busy', async () => {
    const idempotency = createIdempotency(createMemoryKeyStore(), 100);
    let finish: (value: { batchId: string }) => void = () => undefined;
    const first = idempotency.once(submission, () => new Promise((resolve) => (finish = resolve)));
    expect(await idempotency.once(submission, async () => ({ batchId: 'never' }))).toEqual({ kind: 'busy' });
    finish({ batchId: 'late' });
    expect(await first).toEqual({ kind: 'created', batchId: 'late' });
  });
});
