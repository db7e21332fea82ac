import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { translations } from '../../src/i18n/index.ts';
import { createBrowserHumanCheck } from '../../src/islands/humanCheck/index.ts';
import { submitReturn } from '../../src/islands/returnForm/submit.ts';
import { waitMessage } from '../../src/islands/returnForm/waitMessage.ts';
import { siteApi } from '../../src/lib/siteApi.ts';
import { postReturn } from '../../src/server/api/createReturn.ts';
import type { ApiDeps } from '../../src/server/api/deps.ts';
import { getChallenge } from '../../src/server/api/humanCheck.ts';
import { createHumanCheck } from '../../src/server/humanCheck/index.ts';
import { createRateLimits } from '../../src/server/rateLimits.ts';
import { apiKey, sender, startTestCarrier, tokens } from './carrier/harness.ts';
import { testDeps } from './siteApi/harness.ts';

describe('the form’s message after too many attempts', () => {
  it('says in Czech when to try again, with the right plural form', () => {
    const wait = (seconds: number) => waitMessage(translations('cs').form, 'tooManyRequests', seconds);
    expect(wait(240)).toBe(
      'Z této sítě přišlo příliš mnoho pokusů o odeslání. Zkuste to znovu za 4 minuty. Vyplněné údaje zůstávají ve formuláři.',
    );
    expect([1, 3, 45].map((s) => /znovu za (.+?)\./.exec(wait(s))?.[1])).toEqual([
      '1 sekundu',
      '3 sekundy',
      '45 sekund',
    ]);
    expect([60, 61, 300, 600].map((s) => /znovu za (.+?)\./.exec(wait(s))?.[1])).toEqual([
      '1 minutu',
      '2 minuty',
      '5 minut',
      '10 minut',
    ]);
  });

  it('says in English when to try again', () => {
    const wait = (seconds: number) => waitMessage(translations('en').form, 'tooManyRequests', seconds);
    expect(wait(240)).toBe(
      'Too many attempts have been made from this network. Try again in 4 minutes. Everything you entered stays in the form.',
    );
    expect([1, 30, 60].map((s) => /again in (.+?)\./.exec(wait(s))?.[1])).toEqual([
      '1 second',
      '30 seconds',
      '1 minute',
    ]);
  });
});

// The island's submit against the site's real endpoints, reached through a stand-in for the browser's fetch.
describe('sending the form', { timeout: 30_000 }, () => {
  let carrier: Awaited<ReturnType<typeof startTestCarrier>>;
  let deps: ApiDeps;
  const humanCheck = () =>
    createHumanCheck({ provider: 'altcha', altchaHmacKey: 'form-hmac-key-0123456789' });
  const requestFor = (link: string) => ({
    base64Token: link,
    prepaidDriverPickUp: false,
    labelless: true,
    sender,
  });

  beforeAll(async () => {
    carrier = await startTestCarrier();
    ({ deps } = await testDeps(carrier.carrier.url, apiKey, {
      timeoutMs: 10_000,
      humanCheck: humanCheck(),
      limits: createRateLimits({
        limits: { createPerLink: { points: 3, duration: 600 } },
      }),
    }));
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const req = {
        request: new Request(new URL(url, 'http://site.test'), init),
        clientAddress: '203.0.113.9',
        params: {},
      };
      const path = new URL(req.request.url).pathname;
      if (path === siteApi.challenge) return getChallenge(deps, req);
      if (path === siteApi.returns) return postReturn(deps, req);
      return new Response(null, { status: 404 });
    });
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await carrier.stop();
  });
  afterEach(() => vi.restoreAllMocks());

  it('creates the return when the site restarted between the challenge and the submit', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const browser = createBrowserHumanCheck({ provider: 'altcha', challengeUrl: siteApi.challenge });
    let restarted = false;
    const outcome = await submitReturn(
      requestFor(tokens.noDriver),
      {
        prepare: () => undefined,
        token: async (action) => {
          const token = await browser.token(action);
          if (!restarted) deps.humanCheck = humanCheck();
          restarted = true;
          return token;
        },
      },
      false,
      crypto.randomUUID(),
    );
    expect(outcome).toEqual({ ok: true, batchId: expect.any(String) });
    expect(logged).toHaveBeenCalledWith({ code: 'apiException', call: 'createDormant', status: 403 });
  });

  it('tells the form how long to wait when the link is over its limit', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const browser = createBrowserHumanCheck({ provider: 'altcha', challengeUrl: siteApi.challenge });
    const attempt = crypto.randomUUID();
    for (let i = 0; i < 3; i += 1)
      expect(await submitReturn(requestFor(tokens.driver), browser, false, attempt)).toMatchObject({
        ok: true,
      });
    const outcome = await submitReturn(requestFor(tokens.driver), browser, false, attempt);
    expect(outcome).toEqual({ ok: false, reason: 'tooManyRequests', retryAfterSeconds: expect.any(Number) });
    expect(!outcome.ok && outcome.reason === 'tooManyRequests' && outcome.retryAfterSeconds).toBeGreaterThan(
      590,
    );
    expect(logged).toHaveBeenCalledWith({ code: 'apiException', call: 'createDormant', status: 429 });
  });
});
