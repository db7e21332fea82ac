import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postReturn } from '../../../src/server/api/createReturn.ts';
import type { ApiDeps } from '../../../src/server/api/deps.ts';
import { submitForm } from '../../../src/server/form/submitForm.ts';
import { createIdempotency } from '../../../src/server/idempotency/index.ts';
import { createRedisKeyStore } from '../../../src/server/idempotency/store.ts';
import { openSharedStore, type SharedStore } from '../../../src/server/sharedStore.ts';
import { apiKey, sender, startTestCarrier, tokens } from '../carrier/harness.ts';
import { startRedis } from '../redisServer.ts';
import { startForgetfulCarrier } from './forgetfulCarrier.ts';
import { creationRequest, filledForm, formPost, recordingLogger, testDeps } from './harness.ts';

const creation = {
  base64Token: tokens.noDriver,
  prepaidDriverPickUp: false,
  labelless: false,
  sender,
};
const batchOf = async (response: Response) => {
  expect(response.status).toBe(202);
  return ((await response.json()) as { batchId: string }).batchId;
};

describe('one return per idempotency key, with a carrier that ignores the key', { timeout: 30_000 }, () => {
  let carrier: Awaited<ReturnType<typeof startTestCarrier>>;
  let forgetful: Awaited<ReturnType<typeof startForgetfulCarrier>>;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  // Two site instances behind one balancer, sharing one Redis.
  let one: ApiDeps;
  let two: ApiDeps;
  const stores: SharedStore[] = [];

  beforeAll(async () => {
    carrier = await startTestCarrier();
    forgetful = await startForgetfulCarrier(carrier.carrier.url);
    redis = await startRedis();
    const instance = async () => {
      const store = await openSharedStore(redis.url, recordingLogger().logger);
      stores.push(store);
      const idempotency = createIdempotency(createRedisKeyStore(store), 5_000);
      return (await testDeps(forgetful.url, apiKey, { timeoutMs: 5_000, idempotency })).deps;
    };
    [one, two] = await Promise.all([instance(), instance()]);
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    redis.stop();
    await forgetful.stop();
    await carrier.stop();
  });
  beforeEach(() => forgetful.reset());

  it('never gives back a return the carrier failed: the retry on the other instance makes a new one', async () => {
    const key = crypto.randomUUID();
    const failing = { ...creation, base64Token: tokens.failing };
    const failed = await batchOf(await postReturn(one, creationRequest(failing, { 'Idempotency-Key': key })));
    const ctx = { culture: 'cs-CZ' } as const;
    await expect.poll(async () => (await one.carrier.status(failed, ctx)).importState).toBe('Error');
    const retry = await batchOf(await postReturn(two, creationRequest(failing, { 'Idempotency-Key': key })));
    expect(retry).not.toBe(failed);
    expect(forgetful.creations).toBe(2);
  });

  it('answers a retry on the other instance with the first return', async () => {
    const key = crypto.randomUUID();
    const first = await batchOf(await postReturn(one, creationRequest(creation, { 'Idempotency-Key': key })));
    const retry = await batchOf(await postReturn(two, creationRequest(creation, { 'Idempotency-Key': key })));
    expect(retry).toBe(first);
    expect(forgetful.creations).toBe(1);
  });

  it('creates one return for two requests with one key at the same moment, one on each instance', async () => {
    const key = crypto.randomUUID();
    const answers = await Promise.all([
      postReturn(one, creationRequest(creation, { 'Idempotency-Key': key })),
      postReturn(two, creationRequest(creation, { 'Idempotency-Key': key })),
    ]);
    const [a, b] = await Promise.all(answers.map(batchOf));
    expect(a).toBe(b);
    expect(forgetful.creations).toBe(1);
  });

  it('refuses a key used before for another request, without creating anything', async () => {
    const key = crypto.randomUUID();
    await batchOf(await postReturn(one, creationRequest(creation, { 'Idempotency-Key': key })));
    const changed = { ...creation, customerReference: 'another parcel' };
    const refused = await postReturn(two, creationRequest(changed, { 'Idempotency-Key': key }));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'idempotencyKeyReused' });
    expect(forgetful.creations).toBe(1);
  });

  it('lets the sender retry a creation that failed, with the same key', async () => {
    const key = crypto.randomUUID();
    forgetful.failNextCreation();
    const failed = await postReturn(one, creationRequest(creation, { 'Idempotency-Key': key }));
    expect(failed.status).toBe(503);
    await batchOf(await postReturn(two, creationRequest(creation, { 'Idempotency-Key': key })));
    expect(forgetful.creations).toBe(1);
  });

  it('creates one return for the plain form posted twice at once, one post on each instance', async () => {
    const values = filledForm;
    // One visit's form: its address holds the attempt (decision 035).
    const link = `token=${tokens.noDriver}&attempt=${crypto.randomUUID()}`;
    const [a, b] = await Promise.all([
      submitForm(one, formPost(link, values), 'cs'),
      submitForm(two, formPost(link, values), 'cs'),
    ]);
    expect(a.kind).toBe('redirect');
    expect(b).toEqual(a);
    expect(forgetful.creations).toBe(1);
  });
});
