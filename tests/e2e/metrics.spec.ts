import { expect, test, type APIRequestContext } from '@playwright/test';
import { metricsPort } from '../hosting/ports.ts';

const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
const labelGuid = '11111111-2222-4333-8444-555555555555';

/** The sum of the series of `name` on the operators' port whose labels include `labels`. */
async function series(request: APIRequestContext, name: string, labels: Record<string, string>) {
  const res = await request.get(metricsUrl);
  expect(res.status()).toBe(200);
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  return (await res.text())
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) && wanted.every((label) => line.includes(label)))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

// Other tests use the same server at the same time: the figures only ever grow.
test.describe('metrics of the real server, on the operators’ port @desktop', () => {
  test('count a request to the site under its route, with what the endpoint did', async ({ request }) => {
    const requests = { route: '/api/return-page', method: 'GET', status: '200' };
    const carrierCall = { call: 'returnPage' };
    const before = {
      requests: await series(request, 'returns_http_requests_total', requests),
      calls: await series(request, 'returns_carrier_call_duration_seconds_count', carrierCall),
    };
    const page = await request.get('/api/return-page?token=demo-kabelky-plzen-driver-pickup');
    expect(page.status()).toBe(200);
    await expect
      .poll(() => series(request, 'returns_http_requests_total', requests))
      .toBeGreaterThan(before.requests);
    // Recorded inside the built endpoints (dist/server), served by the server run from source.
    expect(await series(request, 'returns_carrier_call_duration_seconds_count', carrierCall)).toBeGreaterThan(
      before.calls,
    );
  });

  test('count a form page under its route in every language, and a made-up path under the not-found page', async ({
    request,
  }) => {
    const made = `/returns/${crypto.randomUUID()}`;
    const form = { route: '/returns', method: 'GET' };
    const notFound = { route: '/404', method: 'GET', status: '404' };
    const before = {
      form: await series(request, 'returns_http_requests_total', form),
      notFound: await series(request, 'returns_http_requests_total', notFound),
    };
    await request.get('/en/returns?token=demo-kabelky-plzen-driver-pickup');
    expect((await request.get(made)).status()).toBe(404);
    await expect
      .poll(() => series(request, 'returns_http_requests_total', form))
      .toBeGreaterThan(before.form);
    await expect
      .poll(() => series(request, 'returns_http_requests_total', notFound))
      .toBeGreaterThan(before.notFound);
    const text = await (await request.get(metricsUrl)).text();
    expect(text).not.toContain(made);
    expect(text).not.toContain('lang');
  });

  test('count a refused human check by provider and code', async ({ request }) => {
    const missing = { provider: 'altcha', code: 'humanCheckMissing' };
    const before = await series(request, 'returns_human_check_failures_total', missing);
    const res = await request.get(`/api/labels/${labelGuid}`, {
      headers: { 'X-Forwarded-For': '198.51.100.77' },
    });
    expect(res.status()).toBe(403);
    expect(await series(request, 'returns_human_check_failures_total', missing)).toBeGreaterThan(before);
  });

  test('are not on the site’s own port', async ({ request }) => {
    const res = await request.get('/metrics');
    expect(res.status()).toBe(404);
    expect(await res.text()).not.toContain('returns_http_requests_total');
  });
});
