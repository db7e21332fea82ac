import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimits, defaultLimits } from '../../src/server/rateLimits.ts';
import { openSharedStore } from '../../src/server/sharedStore.ts';
import { startRedis } from './redisServer.ts';
import { recordingLogger } from './siteApi/harness.ts';

describe('rate limits in memory', () => {
  it('lets a client make the allowed number of creations for a link, then says when to retry', async () => {
    const rateLimits = createRateLimits({});
    const results = [];
    for (let i = 0; i <= defaultLimits.createPerLink.points; i += 1)
      results.push(await rateLimits.consume('createPerLink', '192.0.2.1', 'link-a'));
    expect(results.slice(0, -1).every((r) => r.ok)).toBe(true);
    expect(results.at(-1)).toEqual({ ok: false, retryAfterSeconds: expect.any(Number) });
    expect(await rateLimits.consume('createPerLink', '192.0.2.1', 'link-b')).toEqual({ ok: true });
    expect(await rateLimits.consume('createPerLink', '192.0.2.2', 'link-a')).toEqual({ ok: true });
  });

  it('keeps one label’s downloads from locking out the other labels of a shared address', async () => {
    const rateLimits = createRateLimits({});
    for (let i = 0; i < defaultLimits.labelPerLabel.points; i += 1)
      await rateLimits.consume('labelPerLabel', '192.0.2.3', 'label-a');
    expect((await rateLimits.consume('labelPerLabel', '192.0.2.3', 'label-a')).ok).toBe(false);
    expect(await rateLimits.consume('labelPerLabel', '192.0.2.3', 'label-b')).toEqual({ ok: true });
  });

  it('takes the configured limits over the defaults', async () => {
    const rateLimits = createRateLimits({
      limits: { suggestions: { points: 2, duration: 60 } },
    });
    const results = [];
    for (let i = 0; i < 3; i += 1) results.push((await rateLimits.consume('suggestions', '192.0.2.4')).ok);
    expect(results).toEqual([true, true, false]);
  });
});

// Several site instances share their limits through Redis: Debian's redis-server, started here.
describe('rate limits shared in Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis.stop());

  it('counts a sender’s creations for one link across two site instances', async () => {
    const stores = await Promise.all([1, 2].map(() => openSharedStore(redis.url, recordingLogger().logger)));
    const [first, second] = stores.map((store) => createRateLimits({ store }));
    if (!first || !second) throw new Error('two instances');
    const consume = (limits: typeof first, link: string, client = '198.51.100.4') =>
      limits.consume('createPerLink', client, link);
    for (let i = 0; i < defaultLimits.createPerLink.points; i += 1) {
      expect(await consume(i % 2 === 0 ? first : second, 'link-a')).toEqual({ ok: true });
    }
    expect((await consume(first, 'link-a')).ok).toBe(false);
    expect((await consume(second, 'link-a')).ok).toBe(false);
    expect((await consume(second, 'link-b')).ok).toBe(true);
    expect((await consume(second, 'link-a', '198.51.100.5')).ok).toBe(true);
    await Promise.all(stores.map((store) => store.close()));
  });
});
