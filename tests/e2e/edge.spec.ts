import { expect, test, type APIResponse } from '@playwright/test';
import { e2eSecrets } from './secrets.ts';

const demoToken = 'demo-kabelky-plzen-driver-pickup';

async function expectProblem(res: APIResponse, status: number, code: string) {
  expect(res.status()).toBe(status);
  expect(res.headers()['content-type']).toMatch(/^application\/json/);
  const body = (await res.json()) as { code: string; message: unknown };
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
}

test.describe('the site API answers every request in JSON @desktop', () => {
  test('HEAD works wherever GET does, without a body', async ({ request }) => {
    for (const path of [
      '/api/countries',
      `/api/return-page?token=${demoToken}`,
      '/api/human-check',
      '/healthz',
      '/readyz',
    ]) {
      const res = await request.head(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['content-type'], path).toMatch(/^application\/json/);
      expect(await res.body(), path).toHaveLength(0);
    }
  });

  test('a creation sent as text, as a form or without a type is refused in JSON', async ({ request }) => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await request.post('/api/returns', { headers: { 'Content-Type': type }, data: 'a=1' });
      await expectProblem(res, 403, 'crossSiteRequest');
    }
    await expectProblem(await request.post('/api/returns'), 403, 'crossSiteRequest');
  });

  test('the same from the site itself is told to send JSON', async ({ request, baseURL }) => {
    const res = await request.post('/api/returns', {
      headers: { 'Content-Type': 'text/plain', Origin: baseURL ?? '' },
      data: 'x',
    });
    await expectProblem(res, 415, 'unsupportedMediaType');
  });

  test('an unknown API path is a JSON 404, not the not-found page', async ({ request }) => {
    await expectProblem(await request.get('/api/no-such-endpoint'), 404, 'notFound');
    await expectProblem(await request.post('/api/no/such/thing', { data: {} }), 404, 'notFound');
  });

  test('TRACE is refused with 405 and Allow on pages and API alike', async ({ request }) => {
    for (const path of ['/returns', '/api/countries', '/nothing']) {
      const res = await request.fetch(path, { method: 'TRACE' });
      expect(res.status(), path).toBe(405);
      expect(res.headers()['allow'], path).toMatch(/^GET, HEAD/);
    }
  });
});

test.describe('health endpoints @desktop', () => {
  test('/healthz says alive and /readyz ready, with no secret in either', async ({ request }) => {
    const alive = await request.get('/healthz');
    expect([alive.status(), await alive.json()]).toEqual([200, { status: 'alive' }]);
    const ready = await request.get('/readyz');
    expect([ready.status(), await ready.json()]).toEqual([200, { status: 'ready' }]);
    for (const res of [alive, ready]) {
      expect(res.headers()['cache-control']).toBe('no-store');
      const text = JSON.stringify(res.headers()) + (await res.text());
      for (const secret of Object.values(e2eSecrets)) expect(text).not.toContain(secret);
    }
  });
});
