import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimits, limits } from '../../src/server/rateLimits.ts';
import { recordingLogger } from './siteApi/harness.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('rate limits in memory', () => {
  it('lets a client make the allowed number of creations, then says when to retry', async () => {
    const rateLimits = await createRateLimits({ log: recordingLogger().logger });
    const results = [];
    for (let i = 0; i <= limits.create.points; i += 1)
      results.push(await rateLimits.consume('create', '192.0.2.1'));
    expect(results.slice(0, -1).every((r) => r.ok)).toBe(true);
    expect(results.at(-1)).toEqual({ ok: false, retryAfterSeconds: expect.any(Number) });
    expect(await rateLimits.consume('create', '192.0.2.2')).toEqual({ ok: true });
  });
});

// Several site instances share their limits through Redis: Debian's redis-server, started here.
describe('rate limits shared in Redis', () => {
  let redis: ChildProcess;
  let url: string;

  beforeAll(async () => {
    const port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    // Wait until the server answers: a consume that reaches Redis leaves no warning.
    for (let i = 0; i < 50; i += 1) {
      const { logger, lines } = recordingLogger();
      const check = await createRateLimits({ redisUrl: url, log: logger });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await check.consume('challenge', `probe-${i}`);
      await check.close();
      if (lines.length === 0) break;
    }
  });
  afterAll(() => {
    redis.kill();
  });

  it('counts a client’s creations across two site instances', async () => {
    const first = await createRateLimits({ redisUrl: url, log: recordingLogger().logger });
    const second = await createRateLimits({ redisUrl: url, log: recordingLogger().logger });
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (let i = 0; i < limits.create.points; i += 1) {
      expect(await (i % 2 === 0 ? first : second).consume('create', '198.51.100.4')).toEqual({ ok: true });
    }
    expect((await first.consume('create', '198.51.100.4')).ok).toBe(false);
    expect((await second.consume('create', '198.51.100.4')).ok).toBe(false);
    expect((await second.consume('create', '198.51.100.5')).ok).toBe(true);
    await first.close();
    await second.close();
  });
});
