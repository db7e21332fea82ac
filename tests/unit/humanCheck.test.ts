import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { solveAltcha } from '../../src/islands/humanCheck/altcha.ts';
import { isHumanCheckAction } from '../../src/lib/humanCheck.ts';
import { createHumanCheck, type HumanCheck } from '../../src/server/humanCheck/index.ts';
import { createUsedTokens } from '../../src/server/humanCheck/usedTokens.ts';

const hmacKey = 'test-altcha-hmac-key-0123456789';
/** An ALTCHA token's payload, as far as these tests read or forge it. */
interface AltchaPayload {
  challenge: {
    parameters: { expiresAt: number; data: unknown; [other: string]: unknown };
    [other: string]: unknown;
  };
  solution: { counter: number; [other: string]: unknown };
  [other: string]: unknown;
}
const decode = (token: string) => JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as AltchaPayload;
const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64');

describe('ALTCHA, solved by the browser solver', () => {
  let clock = Date.now();
  let check: HumanCheck;
  let server: Server;
  let challengeUrl = '';

  // The site's challenge endpoint in miniature, so the solver runs its real fetch.
  beforeAll(async () => {
    server = createServer((req, res) => {
      const action = new URL(req.url ?? '/', 'http://localhost').searchParams.get('action');
      if (!isHumanCheckAction(action)) return void res.writeHead(400).end();
      void check
        .challenge(action)
        .then((challenge) =>
          res.setHeader('Content-Type', 'application/json').end(JSON.stringify(challenge)),
        );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    challengeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/human-check`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    clock = Date.now();
    check = createHumanCheck({ provider: 'altcha', altchaHmacKey: hmacKey, now: () => clock });
  });

  it('accepts a solved token once and refuses its replay', async () => {
    const token = await solveAltcha(challengeUrl, 'createDormant');
    expect(await check.verify(token, 'createDormant')).toEqual({ ok: true });
    expect(await check.verify(token, 'createDormant')).toMatchObject({ ok: false, code: 'humanCheckReused' });
  });

  it('binds the token to its action, without spending it on the wrong one', async () => {
    const token = await solveAltcha(challengeUrl, 'createDormant');
    expect(await check.verify(token, 'downloadLabel')).toMatchObject({
      ok: false,
      code: 'humanCheckInvalid',
    });
    expect(await check.verify(token, 'createDormant')).toEqual({ ok: true });
  });

  it('signs an expiry ten minutes out and refuses the token after it', async () => {
    const token = await solveAltcha(challengeUrl, 'downloadLabel');
    const { parameters } = decode(token).challenge;
    expect(parameters.expiresAt).toBe(Math.floor(clock / 1000) + 600);
    expect(parameters.data).toEqual({ action: 'downloadLabel', instance: expect.any(String) });
    clock += 601_000;
    expect(await check.verify(token, 'downloadLabel')).toMatchObject({
      ok: false,
      code: 'humanCheckExpired',
    });
  });

  it('refuses tampered challenges and solutions', async () => {
    const payload = decode(await solveAltcha(challengeUrl, 'createDormant'));
    const longer = {
      ...payload,
      challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, expiresAt: 9e9 } },
    };
    const easier = {
      ...payload,
      challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, cost: 1 } },
    };
    const guessed = { ...payload, solution: { ...payload.solution, counter: payload.solution.counter + 1 } };
    for (const forged of [longer, easier, guessed]) {
      expect(await check.verify(encode(forged), 'createDormant')).toMatchObject({
        ok: false,
        code: 'humanCheckInvalid',
      });
    }
    expect(await check.verify(encode(payload), 'createDormant')).toEqual({ ok: true });
  });

  it('refuses garbage without throwing, and tells a missing token apart', async () => {
    const garbage = [
      'not base64!',
      encode('just a string'),
      encode(null),
      encode({}),
      'e30=',
      'A'.repeat(1_000_000),
      encode({ challenge: { parameters: { algorithm: 'SHA-1' } } }),
    ];
    for (const token of garbage) {
      expect(await check.verify(token, 'createDormant')).toMatchObject({
        ok: false,
        code: 'humanCheckInvalid',
      });
    }
    for (const token of [undefined, null, '']) {
      expect(await check.verify(token, 'createDormant')).toMatchObject({
        ok: false,
        code: 'humanCheckMissing',
      });
    }
  });

  it('needs its HMAC key', () => {
    expect(() => createHumanCheck({ provider: 'altcha' })).toThrow(/altchaHmacKey/);
  });
});

describe('the replay memory', () => {
  it('forgets entries at their expiry and refuses new ones when full', () => {
    const used = createUsedTokens(2);
    expect(used.claim('a', 1000, 0)).toBe('claimed');
    expect(used.claim('a', 1000, 500)).toBe('reused');
    expect(used.claim('b', 2000, 500)).toBe('claimed');
    expect(used.claim('c', 2000, 500)).toBe('full');
    expect(used.claim('c', 2000, 1000)).toBe('claimed');
    expect(used.size).toBe(2);
  });
});

describe('reCAPTCHA v3 siteverify', () => {
  const answer = (body: unknown, status = 200) => Promise.resolve(Response.json(body, { status }));
  const good = { success: true, action: 'createDormant', score: 0.9, hostname: 'returns.example' };
  const make = (fetch: typeof globalThis.fetch, extra: { recaptchaMinScore?: number } = {}) =>
    createHumanCheck({
      provider: 'recaptcha',
      recaptchaSecret: 'test-recaptcha-secret',
      recaptchaTimeoutMs: 50,
      fetch,
      ...extra,
    });

  it('posts the secret, token and client address as a form and accepts a good answer', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() => answer(good));
    expect(await make(fetch).verify('token-123', 'createDormant', '203.0.113.7')).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(Object.fromEntries(new URLSearchParams(init?.body as string))).toEqual({
      secret: 'test-recaptcha-secret',
      response: 'token-123',
      remoteip: '203.0.113.7',
    });
    await make(fetch).verify('token-456', 'createDormant');
    expect(new URLSearchParams(fetch.mock.calls[1]![1]?.body as string).has('remoteip')).toBe(false);
  });

  it('refuses the wrong action, a low score and a failed check', async () => {
    const cases = [
      [{ ...good, action: 'downloadLabel' }, 'humanCheckInvalid'],
      [{ ...good, score: 0.3 }, 'humanCheckInvalid'],
      [{ ...good, score: undefined }, 'humanCheckInvalid'],
      [{ success: false, 'error-codes': ['invalid-input-response'] }, 'humanCheckInvalid'],
      [{ success: false, 'error-codes': ['timeout-or-duplicate'] }, 'humanCheckExpired'],
      [{ success: false, 'error-codes': ['invalid-input-secret'] }, 'humanCheckUnavailable'],
    ] as const;
    for (const [body, code] of cases) {
      expect(await make(() => answer(body)).verify('token', 'createDormant')).toMatchObject({
        ok: false,
        code,
      });
    }
    const strict = make(() => answer({ ...good, score: 0.7 }), { recaptchaMinScore: 0.8 });
    expect(await strict.verify('token', 'createDormant')).toMatchObject({
      ok: false,
      code: 'humanCheckInvalid',
    });
  });

  it('is unavailable when Google fails, answers nonsense or does not answer in time', async () => {
    const signals: AbortSignal[] = [];
    const hang = vi.fn<typeof globalThis.fetch>((_url, init) => {
      if (init?.signal) signals.push(init.signal);
      return new Promise<Response>(() => undefined);
    });
    const failures: (typeof globalThis.fetch)[] = [
      () => Promise.reject(new TypeError('fetch failed')),
      () => answer({ error: 'oops' }, 500),
      () => Promise.resolve(new Response('<html>')),
      () => answer({ unexpected: true }),
      hang,
    ];
    for (const fetch of failures) {
      expect(await make(fetch).verify('token', 'createDormant')).toMatchObject({
        ok: false,
        code: 'humanCheckUnavailable',
      });
    }
    expect(signals[0]?.aborted).toBe(true);
  });

  it('does not call Google for a missing or oversized token', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() => answer(good));
    expect(await make(fetch).verify(undefined, 'createDormant')).toMatchObject({ code: 'humanCheckMissing' });
    expect(await make(fetch).verify('x'.repeat(100_000), 'createDormant')).toMatchObject({
      code: 'humanCheckInvalid',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('needs its secret and has no challenge', async () => {
    expect(() => createHumanCheck({ provider: 'recaptcha' })).toThrow(/recaptchaSecret/);
    expect(await make(() => answer(good)).challenge('createDormant')).toBeNull();
  });
});
