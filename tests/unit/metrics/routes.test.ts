import { describe, expect, it } from 'vitest';
import { httpRoutes, routeOf } from '../../../src/server/metrics.ts';

const batchId = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const token = 'eyJwYWdlIjoiZGVtby1lc2hvcCJ9';

describe('the route a request is counted under', () => {
  it.each([
    ['/', '/'],
    ['/en', '/'],
    ['/returns', '/returns'],
    ['/returns/', '/returns'],
    [`/returns?token=${token}`, '/returns'],
    ['/en/returns', '/returns'],
    ['/returns/submit', '/returns'],
    ['/returns/error', '/returns/error'],
    ['/en/returns/page-not-found', '/returns/page-not-found'],
    ['/returns/accessibility', '/returns/accessibility'],
    ['/hu/returns/accessibility/', '/returns/accessibility'],
    [`/returns/sent/${batchId}`, '/returns/sent/:batchId'],
    [`/en/returns/sent/${batchId}?label=${batchId}`, '/returns/sent/:batchId'],
    ['/api/returns', '/api/returns'],
    ['/api/returns/', '/api/returns'],
    [`/api/returns/${batchId}`, '/api/returns/:batchId'],
    [`/api/returns/${batchId}/events`, '/api/returns/:batchId/events'],
    [`/api/labels/${batchId}?format=a4`, '/api/labels/:labelGuid'],
    [`/api/return-page?token=${token}`, '/api/return-page'],
    ['/api/countries', '/api/countries'],
    ['/api/addresses?street=Dlouh%C3%A1', '/api/addresses'],
    ['/api/human-check?action=createDormant', '/api/human-check'],
    ['/api/human-check/challenge', '/api/human-check/challenge'],
    ['/healthz', '/healthz'],
    ['/readyz', '/readyz'],
    ['/keystatic/branch/main', '/keystatic'],
    ['/api/keystatic/update', '/keystatic'],
    ['/_astro/client.abc123.js', 'asset'],
    ['/favicon.svg', 'asset'],
  ])('%s is %s', (path, route) => {
    expect(routeOf(path)).toBe(route);
  });

  it.each([
    // Paths the site answers 404 or 400: never a series of their own.
    ['/api/returns/x/y', 'other'],
    ['/api/unknown', 'other'],
    ['/api', 'other'],
    ['/en/api/returns', 'other'],
    ['/en/healthz', 'other'],
    ['/metrics', 'other'],
    ['/API/returns', 'other'],
    ['/returns/sent/a/b', 'other'],
    ['/wp-admin', 'other'],
    ['', '/'],
    // Every other path under /returns gets the form page.
    ['/returns/anything-at-all', '/returns'],
    ['/returns/%00%0d%0a', '/returns'],
  ])('%s is %s', (path, route) => {
    expect(routeOf(path)).toBe(route);
  });

  it('keeps tokens, ids and garbage out of its answers', () => {
    const hostile = [
      `/api/returns/${'x'.repeat(10_000)}`,
      '/api/labels/..%2F..%2Fetc%2Fpasswd',
      '/api/returns/<script>alert(1)</script>',
      '/returns/sent/"} 1\nreturns_http_requests_total{route="evil',
      '//evil.example/returns',
      '/\u0000/\uffff/\ud83d\ude00',
      `/${token}`,
      `/${batchId}`,
      '/.env',
      '/../../../../etc/passwd',
    ];
    // And a thousand made-up ones, the same on every run.
    let seed = 20_260_101;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647);
    const prefixes = ['', '/', '/api/', '/api/returns/', '/returns/', '/en/returns/sent/', '/_astro/'];
    for (let i = 0; i < 1_000; i += 1) {
      const tail = Array.from({ length: 1 + (i % 40) }, () => String.fromCharCode(32 + (next() % 95)));
      hostile.push(`${prefixes[i % prefixes.length]}${tail.join('')}`);
    }
    for (const path of hostile) expect(httpRoutes).toContain(routeOf(path));
    expect(new Set(hostile.map(routeOf)).size).toBeLessThanOrEqual(httpRoutes.length);
    for (const route of hostile.map(routeOf)) {
      expect(route).not.toContain(token);
      expect(route).not.toContain(batchId);
    }
  });
});
