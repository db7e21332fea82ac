import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { e2eSecrets } from './secrets.ts';

const secretValues = Object.values(e2eSecrets);
const secretNames = ['CARRIER_API_KEY', 'ALTCHA_HMAC_KEY', 'RECAPTCHA_SECRET', 'X-Api-Key'];

test.describe('site API over the real server @desktop', () => {
  test('answers with JSON and the security headers', async ({ request }) => {
    const res = await request.get('/api/countries');
    expect(res.status()).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBe(249);
    const headers = res.headers();
    expect(headers['content-security-policy']).toContain("default-src 'none'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/max-age=/);
    expect(headers['referrer-policy']).toBe('same-origin');
  });

  test('refuses a wrong method with 405 and Allow', async ({ request }) => {
    const res = await request.post('/api/countries', { data: {} });
    expect(res.status()).toBe(405);
    expect(res.headers()['allow']).toBe('GET, HEAD');
    expect(await res.json()).toMatchObject({ code: 'methodNotAllowed' });
  });

  test('serves a demo return page and refuses path tricks without a 500', async ({ request }) => {
    const page = await request.get('/api/return-page?token=demo-kabelky-plzen-driver-pickup');
    expect(page.status()).toBe(200);
    for (const path of [
      '/api/returns/..%2F..%2Fetc',
      '/api/labels/%2e%2e',
      '/api/returns/1',
      '/api/labels/x?format=../../',
    ]) {
      const res = await request.get(path);
      expect(res.status()).toBeGreaterThanOrEqual(400);
      expect(res.status()).toBeLessThan(500);
    }
  });

  test('a token the carrier refuses as malformed is a 400 in the site’s own words', async ({ request }) => {
    for (const culture of ['cs-CZ', 'en-US']) {
      const res = await request.get('/api/return-page?token=demo-kabelky-plzen-driver-pickup=', {
        headers: { 'Accept-Language': culture },
      });
      expect(res.status()).toBe(400);
      expect(await res.json()).toEqual({
        code: 'invalidReturnToken',
        message: 'This return link is not valid.',
      });
    }
  });

  test('no built client asset names or holds a secret', () => {
    const root = 'dist/client';
    const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = readFileSync(join(file.parentPath, file.name), 'latin1');
      for (const secret of [...secretValues, ...secretNames])
        expect(text, `${file.name} contains ${secret}`).not.toContain(secret);
    }
  });

  test('no page or API answer holds a secret', async ({ request }) => {
    for (const path of [
      '/returns?token=demo-kabelky-plzen-driver-pickup',
      '/en/returns',
      '/returns/error',
      '/api/countries',
      '/api/human-check',
      '/api/return-page?token=demo-kabelky-plzen-driver-pickup',
      '/api/human-check/challenge?action=createDormant',
      '/nothing',
    ]) {
      const res = await request.get(path);
      const text = JSON.stringify(res.headers()) + (await res.text());
      for (const secret of secretValues) expect(text, `${path} leaks a secret`).not.toContain(secret);
    }
  });
});
