import { request, type IncomingHttpHeaders } from 'node:http';
import { expect, test } from '@playwright/test';
import { ownCopyOf } from '../e2e/returnLinks.ts';

/**
 * What the serving path answers before the site's routes do, held to the site's rules: under
 * /api/ JSON with a stable code, a page the site's own with its headers, never the `Host` a
 * client sent echoed back, never the route cache's own header. Each request is sent raw, as a
 * client that is no browser can (a fetch client would mend `\` and `//`).
 */
const token = 'demo-kabelky-plzen-driver-pickup';
/** A sender's visit of a link's form: the link with the attempt the site adds to it (decision 035). */
const visit = (path: string) => `${path}&attempt=${crypto.randomUUID()}`;
const otherHost = 'attacker.example';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, headers: { 'Accept-Encoding': 'identity', ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (part: string) => (body += part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** An answer under /api/: JSON, and a stable code when it refuses. */
function expectApiAnswer(answer: Answer, path: string): void {
  expect(answer.headers['content-type'], path).toBe('application/json; charset=utf-8');
  const body = JSON.parse(answer.body) as unknown;
  if (answer.status >= 400) expect(body, path).toMatchObject({ code: expect.any(String) });
}

/** A page: the site's own HTML, with the headers every page of the site carries. */
function expectSitePage(answer: Answer, path: string): void {
  expect(answer.headers['content-type'], path).toMatch(/^text\/html\b/);
  expect(answer.body, path).toMatch(/^<!DOCTYPE html><html lang="[a-z]{2}-[A-Z]{2}"/);
  expect(answer.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
  expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
}

test('a query whose escapes do not decode is read as the platform reads it', async ({ baseURL }) => {
  for (const path of ['/api/countries?%FF%FE=1', '/api/countries?lng=%C3%28']) {
    const answer = await get(baseURL!, path);
    expect(answer.status, path).toBe(200);
    expectApiAnswer(answer, path);
  }
  // A page asked with a value it cannot know answers as it answers any link it does not know.
  for (const path of [
    visit('/returns?token=%FF%FE'),
    '/en/returns/error?token=%E0%A4%A',
    visit(`/returns?token=${token}&x=%FF`),
  ]) {
    const answer = await get(baseURL!, path);
    expectSitePage(answer, path);
  }
  const known = await get(baseURL!, visit(`/returns?token=${token}&utm_content=%FF%FE`));
  expect(known.status).toBe(200);
  expect(known.body).toContain('Kabelky Plzeň s.r.o.');
});

test('slashes in a row and a backslash are the path they mean, with no redirect page', async ({
  baseURL,
}, testInfo) => {
  // The local tool in front of workerd refuses a Host it does not serve; Cloudflare's front end
  // routes by it. There the site's own host must not come back either.
  const host = testInfo.project.name === 'edge' ? new URL(baseURL!).host : otherHost;
  for (const path of ['/api/countries//', '/api//countries', '/api/countries\\', '/api/countries/\\']) {
    const answer = await get(baseURL!, path, { Host: host });
    expect(answer.status, `${path} ${answer.body}`).toBe(200);
    expectApiAnswer(answer, path);
    expect(answer.body, path).not.toContain(host);
  }
  // An endpoint that takes no GET says so in its own JSON, not with the framework's redirect.
  const returns = await get(baseURL!, '/api/returns//', { Host: host });
  expect(returns.status).toBe(405);
  expectApiAnswer(returns, '/api/returns//');
  for (const path of [
    visit(`/returns//?token=${token}`),
    visit(`/en/returns//?token=${token}`),
    '/en//returns/error\\',
  ]) {
    const answer = await get(baseURL!, path, { Host: host });
    expect(answer.status, path).toBe(200);
    expectSitePage(answer, path);
    expect(answer.body, path).not.toContain(host);
  }
  const unknown = await get(baseURL!, '/no//such/page//', { Host: host });
  expect(unknown.status).toBe(404);
  expectSitePage(unknown, '/no//such/page//');
  expect(unknown.body).not.toContain(host);
});

test('whether a page came from the route cache never reaches a client', async ({ baseURL }) => {
  // A link of its own, so that no earlier request kept its page.
  const path = visit(`/returns?token=${ownCopyOf('driver')}`);
  const first = await get(baseURL!, path);
  const again = await get(baseURL!, path);
  for (const answer of [first, again]) {
    expect(answer.status).toBe(200);
    expect(answer.headers['x-astro-cache']).toBeUndefined();
  }
  // What HTTP caches say instead: the copy's age, so a CDN in front counts from the render.
  expect(first.headers['age']).toBeUndefined();
  expect(Number(again.headers['age'])).toBeGreaterThanOrEqual(0);
  expect(Number(again.headers['age'])).toBeLessThanOrEqual(60);
  expect(again.body).toBe(first.body);
});
