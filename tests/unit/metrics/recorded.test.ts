import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHumanCheck } from '../../../src/server/humanCheck/index.ts';
import {
  countAs,
  countResponse,
  metricsText,
  recordRequest,
  recordReturn,
} from '../../../src/server/metrics.ts';
import { createRateLimits } from '../../../src/server/rateLimits.ts';
import { growth, seriesSum } from './series.ts';

const requests = 'returns_http_requests_total';
const seconds = 'returns_http_request_duration_seconds';

describe('requests', () => {
  it('counts a response by route, method and status, and observes its duration', async () => {
    const grew = await growth(
      {
        created: [requests, { route: '/api/returns', method: 'POST', status: '201' }],
        timed: [`${seconds}_count`, { route: '/api/returns' }],
        fast: [`${seconds}_bucket`, { route: '/api/returns', le: '0.05' }],
      },
      async () => recordRequest('/api/returns', 'POST', 201, 0.2),
    );
    expect(grew).toEqual({ created: 1, timed: 1, fast: 0 });
  });

  it('keeps methods and statuses to a bounded set', async () => {
    const grew = await growth(
      {
        method: [requests, { route: 'other', method: 'other', status: '405' }],
        status: [requests, { route: 'other', method: 'GET', status: 'other' }],
      },
      async () => {
        recordRequest('other', 'PROPFIND', 405, 0.001);
        recordRequest('other', 'GET', 1234, 0.001);
      },
    );
    expect(grew).toEqual({ method: 1, status: 1 });
  });

  describe('through a server', () => {
    let server: Server;
    let base = '';
    beforeAll(async () => {
      server = createServer((req, res) =>
        countResponse(req, res, () => {
          if (req.headers['x-hang']) {
            countAs('/healthz');
            return void res.writeHead(200).write('partial');
          }
          if (req.url === '/unnamed') return void res.writeHead(404).end();
          // What the middleware does: the route Astro matched, then a rewrite's route, which is not kept.
          setTimeout(() => {
            countAs('/returns/sent/:batchId');
            countAs('/returns/submit');
            res.writeHead(200).end('ok');
          }, 10);
        }),
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => {
      server.closeAllConnections();
      server.close();
    });

    it('counts each response under the route named while it was answered, never its path', async () => {
      const batchId = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
      const grew = await growth(
        {
          sent: [requests, { route: '/returns/sent/:batchId', method: 'GET', status: '200' }],
          rewritten: [requests, { route: '/returns/submit' }],
          unnamed: [requests, { route: 'other', method: 'GET', status: '404' }],
        },
        async () => {
          await (await fetch(`${base}/en/returns/sent/${batchId}`)).text();
          await (await fetch(`${base}/unnamed`)).text();
        },
      );
      expect(grew).toEqual({ sent: 1, rewritten: 0, unnamed: 1 });
      expect(await metricsText()).not.toContain(batchId);
    });

    it('counts a response the client walked away from as 499', async () => {
      const before = await seriesSum(requests, { route: '/healthz', status: '499' });
      const controller = new AbortController();
      const response = await fetch(`${base}/healthz`, {
        headers: { 'x-hang': '1' },
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      controller.abort();
      await expect.poll(() => seriesSum(requests, { route: '/healthz', status: '499' })).toBe(before + 1);
    });
  });
});

describe('returns', () => {
  it('counts created, replayed and failed returns by path', async () => {
    const grew = await growth(
      {
        created: ['returns_submissions_total', { outcome: 'created', path: 'api' }],
        replayed: ['returns_submissions_total', { outcome: 'replayed', path: 'api' }],
        failed: ['returns_submissions_total', { outcome: 'failed', path: 'form' }],
      },
      async () => {
        recordReturn('created', 'api');
        recordReturn('created', 'api');
        recordReturn('replayed', 'api');
        recordReturn('failed', 'form');
      },
    );
    expect(grew).toEqual({ created: 2, replayed: 1, failed: 1 });
  });

  it('shows every outcome and path from the start, at zero if need be', async () => {
    const text = await metricsText();
    for (const outcome of ['created', 'replayed', 'failed'])
      for (const path of ['api', 'form'])
        expect(text).toContain(`returns_submissions_total{outcome="${outcome}",path="${path}"}`);
  });
});

describe('refusals', () => {
  it('counts a request a rate limit refuses, by limit', async () => {
    const limits = createRateLimits({
      limits: { suggestions: { points: 1, duration: 60 } },
    });
    const grew = await growth(
      {
        suggestions: ['returns_rate_limit_refusals_total', { limit: 'suggestions' }],
        challenge: ['returns_rate_limit_refusals_total', { limit: 'challenge' }],
      },
      async () => {
        expect((await limits.consume('suggestions', '192.0.2.50')).ok).toBe(true);
        expect((await limits.consume('suggestions', '192.0.2.50')).ok).toBe(false);
        expect((await limits.consume('challenge', '192.0.2.50')).ok).toBe(true);
      },
    );
    expect(grew).toEqual({ suggestions: 1, challenge: 0 });
  });

  it('counts a failed human check by provider and code, and not a passed one', async () => {
    const altcha = createHumanCheck({ provider: 'altcha', altchaHmacKey: 'test-altcha-hmac-key-0123456789' });
    const recaptcha = createHumanCheck({
      provider: 'recaptcha',
      recaptchaSecret: 'test-recaptcha-secret-0123',
      fetch: async () => Response.json({ success: true, score: 0.9, action: 'createDormant' }),
    });
    const failures = 'returns_human_check_failures_total';
    const grew = await growth(
      {
        missing: [failures, { provider: 'altcha', code: 'humanCheckMissing' }],
        invalid: [failures, { provider: 'altcha', code: 'humanCheckInvalid' }],
        recaptcha: [failures, { provider: 'recaptcha' }],
      },
      async () => {
        expect(await altcha.verify(null, 'createDormant')).toMatchObject({ code: 'humanCheckMissing' });
        expect(await altcha.verify('not-a-solution', 'createDormant')).toMatchObject({
          code: 'humanCheckInvalid',
        });
        expect(await recaptcha.verify('a-token', 'createDormant')).toEqual({ ok: true });
      },
    );
    expect(grew).toEqual({ missing: 1, invalid: 1, recaptcha: 0 });
  });
});
