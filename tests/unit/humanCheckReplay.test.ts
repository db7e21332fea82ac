import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveAltcha } from '../../src/islands/humanCheck/altcha.ts';
import { createHumanCheck, type HumanCheck } from '../../src/server/humanCheck/index.ts';
import {
  createSharedUsedTokens,
  type SharedUsedTokens,
} from '../../src/server/humanCheck/sharedUsedTokens.ts';
import { openSharedStore, type SharedStore } from '../../src/server/sharedStore.ts';
import { startRedis, type TestRedis } from './redisServer.ts';
import { recordingLogger } from './siteApi/harness.ts';

// Every site instance of a deployment signs with the same key, as README asks.
const hmacKey = 'shared-altcha-hmac-key-0123456789';

let issuer: HumanCheck;
let server: Server;
let challengeUrl = '';

// The challenge endpoint of whichever instance `issuer` is, so the browser's solver runs its real fetch.
beforeAll(async () => {
  server = createServer((_req, res) => {
    void issuer
      .challenge('createDormant')
      .then((challenge) => res.setHeader('Content-Type', 'application/json').end(JSON.stringify(challenge)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  challengeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/human-check/challenge`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A token solved for a challenge that `instance` issued. */
async function solvedBy(instance: HumanCheck): Promise<string> {
  issuer = instance;
  return solveAltcha(challengeUrl, 'createDormant');
}

const altcha = (shared?: SharedUsedTokens) =>
  createHumanCheck({ provider: 'altcha', altchaHmacKey: hmacKey, altchaSharedTokens: shared });

describe('a spent ALTCHA token without Redis', () => {
  it('is refused after a restart of the site', async () => {
    const before = altcha();
    const token = await solvedBy(before);
    expect(await before.verify(token, 'createDormant')).toEqual({ ok: true });
    const restarted = altcha();
    expect(await restarted.verify(token, 'createDormant')).toMatchObject({ ok: false });
    // The sender's browser recovers with a fresh challenge from the running process.
    expect(await restarted.verify(await solvedBy(restarted), 'createDormant')).toEqual({ ok: true });
  });

  it('is refused by a second instance that shares the key', async () => {
    const [first, second] = [altcha(), altcha()];
    const token = await solvedBy(first);
    expect(await first.verify(token, 'createDormant')).toEqual({ ok: true });
    expect(await second.verify(token, 'createDormant')).toMatchObject({
      ok: false,
      code: 'humanCheckExpired',
    });
  });
});

describe('spent ALTCHA tokens shared in Redis', () => {
  let redis: TestRedis;
  const stores: SharedStore[] = [];
  const shared = async (url = redis.url) => {
    const { logger, lines } = recordingLogger();
    const store = await openSharedStore(url, logger);
    stores.push(store);
    return { tokens: createSharedUsedTokens(store), lines };
  };

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    redis.stop();
  });

  it('lets one token create one return across two instances and a restart', async () => {
    const first = altcha((await shared()).tokens);
    const second = altcha((await shared()).tokens);
    const token = await solvedBy(first);
    // Behind a balancer the token may reach any instance, once.
    expect(await second.verify(token, 'createDormant')).toEqual({ ok: true });
    expect(await first.verify(token, 'createDormant')).toMatchObject({ ok: false, code: 'humanCheckReused' });
    const restarted = altcha((await shared()).tokens);
    expect(await restarted.verify(token, 'createDormant')).toMatchObject({
      ok: false,
      code: 'humanCheckReused',
    });
  });

  it('spends no token for a creation while Redis is down, and lets it through once Redis is back', async () => {
    const flaky = await startRedis();
    try {
      const { tokens, lines } = await shared(flaky.url);
      await flaky.shutDown();
      const instance = altcha(tokens);
      const token = await solvedBy(instance);
      expect(await instance.verify(token, 'createDormant')).toMatchObject({
        ok: false,
        code: 'storeUnavailable',
      });
      expect(lines.map((line) => line.code)).toContain('sharedStoreUnavailable');
      await flaky.start();
      await expect
        .poll(() => instance.verify(token, 'createDormant'), { timeout: 5_000 })
        .toEqual({ ok: true });
      expect(await instance.verify(token, 'createDormant')).toMatchObject({ code: 'humanCheckReused' });
    } finally {
      flaky.stop();
    }
  });
});
