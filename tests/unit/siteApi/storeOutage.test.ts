import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { solveAltcha } from '../../../src/islands/humanCheck/altcha.ts';
import type { HumanCheckAction } from '../../../src/lib/humanCheck.ts';
import { humanCheckHeader } from '../../../src/lib/siteApi.ts';
import { getAddressSuggestions } from '../../../src/server/api/addresses.ts';
import { buildApiDeps } from '../../../src/server/api/context.ts';
import { getCountries } from '../../../src/server/api/countries.ts';
import { postReturn } from '../../../src/server/api/createReturn.ts';
import type { ApiDeps } from '../../../src/server/api/deps.ts';
import { createGetReady } from '../../../src/server/api/health.ts';
import { getChallenge } from '../../../src/server/api/humanCheck.ts';
import { getLabel } from '../../../src/server/api/label.ts';
import { getStatus } from '../../../src/server/api/status.ts';
import { submitForm } from '../../../src/server/form/submitForm.ts';
import { apiKey, sender, startTestCarrier, tokens } from '../carrier/harness.ts';
import { startRedis, type TestRedis } from '../redisServer.ts';
import { startForgetfulCarrier } from './forgetfulCarrier.ts';
import {
  acceptingHumanCheck,
  apiRequest,
  creationRequest,
  filledForm,
  formPost,
  recordingLogger,
} from './harness.ts';

/**
 * Two site instances behind one balancer, sharing one Redis, in front of a carrier that ignores
 * idempotency keys. Redis is shut down or frozen in the middle of creations: no request waits on
 * it much longer than the store's half-second bound, no key reaches the carrier twice, no spent
 * token is accepted again, and both instances are ready again within seconds of Redis.
 */

/**
 * An answer held longer than this waited on the store, which stays frozen for twice as long: the
 * store's bound is 500 ms and the carrier holds a creation 300 ms, so an answer that keeps to them
 * takes about a second; the rest is room for a machine busy with other suites. Wide apart on
 * purpose: what tells the two apart is the freeze, not how fast the machine is.
 */
const freezeMs = 8_000;
const slowMs = freezeMs / 2;

let carrier: Awaited<ReturnType<typeof startTestCarrier>>;
let forgetful: Awaited<ReturnType<typeof startForgetfulCarrier>>;
let redis: TestRedis;
let one: ApiDeps;
let two: ApiDeps;
let logs: ReturnType<typeof recordingLogger>['lines'];
const ready = new Map<ApiDeps, ReturnType<typeof createGetReady>>();

// The challenge endpoint of the instance `issuer` names, so the browser's solver runs its real fetch.
let issuer: ApiDeps;
let challenges: Server;
let challengeUrl = '';

beforeAll(async () => {
  carrier = await startTestCarrier();
  forgetful = await startForgetfulCarrier(carrier.carrier.url);
  redis = await startRedis({ persistent: true });
  const logger = recordingLogger();
  logs = logger.lines;
  const env = {
    CARRIER_API_URL: forgetful.url,
    CARRIER_API_KEY: apiKey,
    CARRIER_TIMEOUT_MS: '5000',
    ALTCHA_HMAC_KEY: 'one key for every instance of the site',
    RATE_LIMIT_REDIS_URL: redis.url,
  };
  [one, two] = await Promise.all([buildApiDeps(env, logger.logger), buildApiDeps(env, logger.logger)]);
  for (const deps of [one, two]) ready.set(deps, createGetReady());
  challenges = createServer((req, res) => {
    void getChallenge(issuer, apiRequest(req.url ?? '/')).then(async (answer) =>
      res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(await answer.text()),
    );
  });
  await new Promise<void>((resolve) => challenges.listen(0, '127.0.0.1', resolve));
  challengeUrl = `http://127.0.0.1:${(challenges.address() as AddressInfo).port}/api/human-check/challenge`;
}, 30_000);

afterAll(async () => {
  await Promise.all(
    [one, two].map(async (deps) => {
      await deps.store?.close();
    }),
  );
  await new Promise((resolve) => challenges.close(resolve));
  redis.stop();
  await forgetful.stop();
  await carrier.stop();
});

beforeEach(() => forgetful.reset());
// A test that failed half-way leaves Redis as every test expects it.
afterEach(() => redis.ensureUp());

/** A token solved for a challenge that `instance` issued. */
function solvedBy(instance: ApiDeps, action: HumanCheckAction = 'createDormant'): Promise<string> {
  issuer = instance;
  return solveAltcha(challengeUrl, action);
}

const creation = { base64Token: tokens.noDriver, prepaidDriverPickUp: false, labelless: false, sender };

/**
 * The same instance with a human check that needs no store, as reCAPTCHA (verified by Google) is:
 * then the idempotency keys alone stand between a retry and a second return.
 */
const withoutStoreCheck = (instance: ApiDeps): ApiDeps => ({ ...instance, humanCheck: acceptingHumanCheck });

/** A fresh token for a creation on `instance`. */
const tokenFor = (instance: ApiDeps) =>
  instance.humanCheck === acceptingHumanCheck ? Promise.resolve('human') : solvedBy(instance);

/**
 * POST /api/returns on `instance` with `token` (a fresh one unless given); the answer, its body and
 * how long it took. Tokens for many requests at once are solved first, so that the proof of work
 * does not crowd the answers being timed.
 */
async function create(instance: ApiDeps, key: string, given?: string) {
  const token = given ?? (await tokenFor(instance));
  const started = performance.now();
  const answer = await postReturn(
    instance,
    // The header as the harness names it, so that this token replaces its test one.
    creationRequest(creation, { 'Idempotency-Key': key, 'X-Human-Check': token }),
  );
  const ms = performance.now() - started;
  const body = (await answer.json()) as { batchId?: string; code?: string };
  return { status: answer.status, retryAfter: answer.headers.get('retry-after'), body, ms };
}

const readiness = async (instance: ApiDeps) => (await ready.get(instance)!(instance)).status;

/** Waits until both instances say they are ready; how long that took after Redis came back. */
async function bothReady(): Promise<number> {
  const started = performance.now();
  await expect.poll(() => readiness(one), { timeout: 5_000, interval: 100 }).toBe(200);
  await expect.poll(() => readiness(two), { timeout: 5_000, interval: 100 }).toBe(200);
  return performance.now() - started;
}

/** Each answer is a return (202) or a clear refusal to retry shortly (503 storeUnavailable, Retry-After). */
function expectAcceptedOrRetryShortly(answers: Awaited<ReturnType<typeof create>>[]) {
  for (const answer of answers) {
    expect(answer.ms).toBeLessThan(slowMs);
    if (answer.status === 202) continue;
    expect(answer).toMatchObject({ status: 503, body: { code: 'storeUnavailable' } });
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  }
}

/**
 * Creations with eight keys, half on each instance, while `outage` happens; then, during the
 * outage, each key retried on the other instance; then, once Redis is back, each retried again.
 */
async function creationsThrough(
  check: 'altcha' | 'noStore',
  outage: () => Promise<void> | void,
  recover: () => Promise<void> | void,
) {
  const [a, b] = check === 'altcha' ? [one, two] : [withoutStoreCheck(one), withoutStoreCheck(two)];
  const keys = Array.from({ length: 8 }, () => crypto.randomUUID());
  // Each phase asks every key once, alternating instances; its tokens are solved before it starts.
  const phase = async (flip: boolean) => {
    const instances = keys.map((_, i) => ((i % 2 === 0) === flip ? a : b));
    const solved: string[] = [];
    for (const instance of instances) solved.push(await tokenFor(instance));
    return keys.map((key, i) => create(instances[i]!, key, solved[i]));
  };
  const first = await phase(false);
  // The carrier holds each creation 300 ms: the outage begins while some are with it.
  await expect.poll(() => forgetful.creations, { timeout: 10_000, interval: 10 }).toBeGreaterThanOrEqual(2);
  await outage();
  const answers = await Promise.all(first);
  expectAcceptedOrRetryShortly(answers);

  const during = await Promise.all(await phase(true));
  expectAcceptedOrRetryShortly(during);
  expect(during.filter((answer) => answer.status === 202)).toEqual([]);
  expect(await readiness(one)).toBe(503);
  expect(await readiness(two)).toBe(503);

  await recover();
  expect(await bothReady()).toBeLessThan(5_000);
  const after = await Promise.all(await phase(true));
  after.forEach((answer, i) => {
    expect(answer.status).toBe(202);
    // A key the carrier accepted before the outage is answered with that same return.
    if (answers[i]!.status === 202) expect(answer.body.batchId).toBe(answers[i]!.body.batchId);
  });
  expect(forgetful.mostPerKey).toBe(1);
  expect(forgetful.creations).toBe(keys.length);
  return answers;
}

describe.each([
  ['ALTCHA, whose spent tokens live in the store', 'altcha'],
  ['a human check that needs no store', 'noStore'],
] as const)('two instances and one Redis that fails, with %s', (_, check) => {
  it(
    'creates each return once when Redis is shut down in the middle of creations',
    { timeout: 60_000 },
    async () => {
      const answers = await creationsThrough(
        check,
        () => redis.shutDown(),
        () => redis.start(),
      );
      // The ones with the carrier when Redis went down were created, and their outcome kept.
      expect(answers.some((answer) => answer.status === 202)).toBe(true);
      expect(logs.map((line) => line.code)).toContain('sharedStoreUnavailable');
      expect(logs.map((line) => line.code)).toContain('sharedStoreRecovered');
    },
  );

  it('holds no request for a frozen Redis and creates each return once', { timeout: 60_000 }, async () => {
    let frozenAt = 0;
    await creationsThrough(
      check,
      () => {
        redis.freeze();
        frozenAt = performance.now();
      },
      async () => {
        // Frozen for a few seconds in all: longer than any answer may take.
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, freezeMs - (performance.now() - frozenAt))),
        );
        redis.thaw();
      },
    );
  });
});

describe('one Redis that fails, for what else the store holds', { timeout: 60_000 }, () => {
  it('refuses a token spent before the outage on every instance, during it and after', async () => {
    const token = await solvedBy(one);
    expect(await one.humanCheck.verify(token, 'createDormant')).toEqual({ ok: true });
    redis.freeze();
    try {
      expect(await two.humanCheck.verify(token, 'createDormant')).toMatchObject({ ok: false });
      expect(await one.humanCheck.verify(token, 'createDormant')).toMatchObject({ ok: false });
    } finally {
      redis.thaw();
    }
    await bothReady();
    expect(await two.humanCheck.verify(token, 'createDormant')).toMatchObject({ code: 'humanCheckReused' });
  });

  it('keeps what needs no store going while Redis is frozen, labels already made included', async () => {
    const key = crypto.randomUUID();
    const made = await create(one, key);
    const batchId = made.body.batchId!;
    let labelGuid = '';
    await expect
      .poll(
        async () => {
          const status = (await (
            await getStatus(one, apiRequest(`/api/returns/${batchId}`, { params: { batchId } }))
          ).json()) as { importState: string; labelGuid?: string };
          labelGuid = status.labelGuid ?? '';
          return status.importState;
        },
        { timeout: 5_000 },
      )
      .toBe('Complete');
    const download = await solvedBy(one, 'downloadLabel');

    redis.freeze();
    try {
      const timed = async (answer: Promise<Response>) => {
        const started = performance.now();
        const response = await answer;
        expect(performance.now() - started).toBeLessThan(slowMs);
        return response.status;
      };
      expect(await timed(getCountries(two, apiRequest('/api/countries')))).toBe(200);
      expect(
        await timed(
          getAddressSuggestions(two, apiRequest('/api/addresses?street=Kumbersk&calledFrom=Street')),
        ),
      ).toBe(200);
      expect(
        await timed(getChallenge(two, apiRequest('/api/human-check/challenge?action=createDormant'))),
      ).toBe(200);
      expect(
        await timed(getStatus(two, apiRequest(`/api/returns/${batchId}`, { params: { batchId } }))),
      ).toBe(200);
      const label = (instance: ApiDeps) =>
        getLabel(
          instance,
          apiRequest(`/api/labels/${labelGuid}`, {
            params: { labelGuid },
            headers: { [humanCheckHeader]: download },
          }),
        );
      // The other instance did not issue the token and cannot ask the store: it refuses, to retry shortly.
      expect(await timed(label(two))).toBe(503);
      // The instance that issued it downloads the label, once; the spend reaches Redis when it is back.
      expect(await timed(label(one))).toBe(200);
      expect(await timed(label(one))).toBe(403);
    } finally {
      redis.thaw();
    }
    await bothReady();
    const replay = await getLabel(
      two,
      apiRequest(`/api/labels/${labelGuid}`, {
        params: { labelGuid },
        headers: { [humanCheckHeader]: download },
      }),
    );
    expect(replay.status).toBe(403);
    expect(await replay.json()).toMatchObject({ code: 'humanCheckReused' });
  });

  it('sends the plain form back with everything typed and a word to send it again shortly', async () => {
    const values = filledForm;
    redis.freeze();
    let outcome: Awaited<ReturnType<typeof submitForm>>;
    const started = performance.now();
    try {
      outcome = await submitForm(one, formPost(`token=${tokens.noDriver}`, values), 'cs');
    } finally {
      redis.thaw();
    }
    expect(performance.now() - started).toBeLessThan(slowMs);
    expect(outcome).toMatchObject({ kind: 'form', status: 503, notice: 'storeUnavailable', values });
    expect(outcome.kind === 'form' && outcome.retryAfterSeconds).toBeGreaterThan(0);
    expect(forgetful.creations).toBe(0);
    await bothReady();
    expect(await submitForm(one, formPost(`token=${tokens.noDriver}`, values), 'cs')).toMatchObject({
      kind: 'redirect',
    });
  });
});
