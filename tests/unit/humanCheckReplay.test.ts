import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveAltcha } from '../../src/islands/humanCheck/altcha.ts';
import { createHumanCheck, type HumanCheck } from '../../src/server/humanCheck/index.ts';
import {
  createSharedUsedTokens,
  type SharedUsedTokens,
} from '../../src/server/humanCheck/sharedUsedTokens.ts';
import { startRedis } from './redisServer.ts';
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
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const stores: SharedUsedTokens[] = [];
  const shared = async (url = redis.url) => {
    const { logger, lines } = recordingLogger();
    const store = await createSharedUsedTokens(url, logger);
    stores.push(store);
    return { store, lines };
  };

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    redis.stop();
  });

  it('lets one token create one return across two instances and a restart', async () => {
    const first = altcha((await shared()).store);
    const second = altcha((await shared()).store);
    const token = await solvedBy(first);
    // Behind a balancer the token may reach any instance, once.
    expect(await second.verify(token, 'createDormant')).toEqual({ ok: true });
    expect(await first.verify(token, 'createDormant')).toMatchObject({ ok: false, code: 'humanCheckReused' });
    const restarted = altcha((await shared()).store);
    expect(await restarted.verify(token, 'createDormant')).toMatchObject({
      ok: false,
      code: 'humanCheckReused',
    });
  });

  it('keeps senders going while Redis is down, refusing replays to the same instance', async () => {
    const down = await startRedis();
    const { store, lines } = await shared(down.url);
    down.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const instance = altcha(store);
    const token = await solvedBy(instance);
    expect(await instance.verify(token, 'createDormant')).toEqual({ ok: true });
    expect(await instance.verify(token, 'createDormant')).toMatchObject({
      ok: false,
      code: 'humanCheckReused',
    });
    expect(lines.map((line) => line.code)).toContain('humanCheckStoreUnavailable');
  });
});
