/**
 * `npm run bench:edge-runtime [-- --requests 20000] [--reference-requests 3000] [--skip-build]`
 *
 * Counts the answers the local runtime of the edge build makes itself, not the site: a request
 * the site answers carries Strict-Transport-Security (every answer of its middleware does); an
 * answer without it is the tool's own (a 500 "fetch failed" page), and a connection the client
 * saw reset or closed without an answer is the tool's too. It sends GETs and POSTs of every kind
 * the test suites send (pages, API reads, assets, a form post, refusals before and after the body
 * is read, bodies over the limit announced and chunked) at 10 connections with keep-alive, as a
 * browser or Playwright's request context does, against:
 *
 * - the runtime `npm run start:edge` serves with (scripts/serve-edge.ts: workerd via Miniflare,
 *   a Node front that gives each request its own connection to workerd), with `--requests`;
 * - the one it replaced, `astro preview` (the Vite plugin's Node proxy over Miniflare's
 *   dispatchFetch), with `--reference-requests` (it answers about five times slower).
 *
 * It exits 1 when the chosen runtime made any answer of its own (decision 034).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '@parcel-returns/listen';
import { stopEverythingOnExit, stopOnExit } from './cleanup.ts';
import { buildEdge, demoToken } from './site.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '20000' },
    'reference-requests': { type: 'string', default: '3000' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const connections = 10;
const secrets = {
  CARRIER_API_KEY: 'bench-carrier-key-0123456789abcdef',
  ALTCHA_HMAC_KEY: 'bench-altcha-hmac-key-0123456789abcdef',
};

interface Kind {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** A body sent with its length announced, or in chunks when `chunked`. */
  body?: string;
  chunked?: boolean;
}

const json = { 'content-type': 'application/json' };
const formType = { 'content-type': 'application/x-www-form-urlencoded' };
const overLimit = 'x'.repeat(20 * 1024);
/** `origin` is filled in per runtime: the site refuses a cross-site post. */
const kinds: Kind[] = [
  { name: 'form page', method: 'GET', path: `/returns?token=${demoToken}` },
  { name: 'form page, en', method: 'GET', path: `/en/returns?token=${demoToken}` },
  { name: 'not-found page', method: 'GET', path: '/returns/page-not-found' },
  { name: 'unknown path (404)', method: 'GET', path: '/no/such/page' },
  { name: 'asset', method: 'GET', path: '/favicon.svg' },
  { name: 'countries', method: 'GET', path: '/api/countries' },
  { name: 'return page', method: 'GET', path: `/api/return-page?token=${demoToken}` },
  { name: 'addresses', method: 'GET', path: '/api/addresses?street=Husova&calledFrom=Street' },
  { name: 'status, unknown batch', method: 'GET', path: `/api/returns/${crypto.randomUUID()}` },
  { name: 'human check', method: 'GET', path: '/api/human-check/challenge' },
  { name: 'PROPFIND (405)', method: 'PROPFIND', path: '/returns' },
  {
    name: 'create, no human check (400)',
    method: 'POST',
    path: '/api/returns',
    headers: json,
    body: JSON.stringify({ token: demoToken, sender: { name: 'Jana' } }),
  },
  {
    name: 'plain form post',
    method: 'POST',
    path: `/returns?token=${demoToken}`,
    headers: formType,
    body: new URLSearchParams({ name: 'Jana Nováková', city: 'Plzeň', email: 'jana@example.com' }).toString(),
  },
  {
    name: 'cross-site post (403)',
    method: 'POST',
    path: '/api/returns',
    headers: { ...formType, origin: 'https://elsewhere.example' },
    body: 'a=b',
  },
  { name: 'body over the limit (413)', method: 'POST', path: '/api/returns', headers: json, body: overLimit },
  {
    name: 'chunked, over the limit (413)',
    method: 'POST',
    path: '/api/returns',
    headers: json,
    body: overLimit,
    chunked: true,
  },
];

interface Count {
  site: number;
  tool: number;
  reset: number;
}

/** Sends `total` requests, the kinds in turn, over `connections` kept-alive connections. */
async function measure(base: string, total: number): Promise<Map<string, Count>> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const rows = kinds.map((kind) => ({ kind, count: { site: 0, tool: 0, reset: 0 } }));
  const one = (index: number, { kind, count }: { kind: Kind; count: Count }) =>
    new Promise<void>((resolve) => {
      const headers: Record<string, string | number> = {
        origin: base,
        // A client address of its own for each request: the per-client limits stay out of the way.
        'cf-connecting-ip': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
        ...kind.headers,
      };
      if (kind.body !== undefined && !kind.chunked) headers['content-length'] = Buffer.byteLength(kind.body);
      const req = request(`${base}${kind.path}`, { method: kind.method, agent, headers }, (res) => {
        res.resume();
        res.once('end', () => {
          if (res.headers['strict-transport-security'] === undefined) count.tool += 1;
          else count.site += 1;
          resolve();
        });
        res.once('error', () => {
          count.reset += 1;
          resolve();
        });
      });
      req.setTimeout(30_000, () => req.destroy(new Error('timed out')));
      req.once('error', () => {
        count.reset += 1;
        resolve();
      });
      if (kind.chunked && kind.body) {
        // Two writes: the first goes out before the end, so the body is sent in chunks.
        req.write(kind.body.slice(0, 1024));
        req.end(kind.body.slice(1024));
      } else req.end(kind.body);
    });
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < total; index = next++) {
      const row = rows[index % rows.length];
      if (row) await one(index, row);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  return new Map(rows.map(({ kind, count }) => [kind.name, count]));
}

/** Starts a command, stopped (with its process group) when the bench ends; resolves once `ready` answers. */
async function serve(command: string[], env: NodeJS.ProcessEnv, ready: () => Promise<boolean>) {
  // Its log is not shown: `astro preview` writes a stack trace for every answer of its own.
  const child: ChildProcess = spawn(process.execPath, command, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const stopGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Gone already.
    }
  };
  const unregister = stopOnExit(stopGroup);
  for (const started = Date.now(); !(await ready());) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
    if (Date.now() - started > 90_000) throw new Error(`${command.join(' ')} did not answer in 90 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    stopGroup();
    await exited;
    unregister();
  };
  return { output: () => output, stop };
}

const answers = (url: string) => () =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.ok,
    () => false,
  );

function table(title: string, counts: Map<string, Count>): { lines: string[]; failures: number } {
  const lines = [
    `### ${title}`,
    '',
    '| Request | Site answers | Tool answers | Resets |',
    '| --- | ---: | ---: | ---: |',
  ];
  const total = { site: 0, tool: 0, reset: 0 };
  for (const [name, count] of counts) {
    lines.push(`| ${name} | ${count.site} | ${count.tool} | ${count.reset} |`);
    total.site += count.site;
    total.tool += count.tool;
    total.reset += count.reset;
  }
  const failures = total.tool + total.reset;
  const all = failures + total.site;
  lines.push(`| **all** | ${total.site} | ${total.tool} | ${total.reset} |`, '');
  lines.push(`Failures of the tool: ${failures} of ${all} (${((100 * failures) / all).toFixed(2)} %).`, '');
  return { lines, failures };
}

stopEverythingOnExit();
const scratch = mkdtempSync(join(tmpdir(), 'returns-edge-runtime-'));
stopOnExit(() => rmSync(scratch, { recursive: true, force: true }));
if (!values['skip-build']) await buildEdge();

// The chosen runtime, as `npm run start:edge` runs it, with the embedded carrier beside it.
const port = await freePort();
const chosen = await serve(
  ['scripts/start.ts', '--edge'],
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    CARRIER_PORT: '0',
    CARRIER_SMTP_PORT: '0',
    CARRIER_DB_PATH: join(scratch, 'carrier.sqlite'),
    ...secrets,
  },
  answers(`http://127.0.0.1:${port}/healthz`),
);
const carrierUrl = /Embedded carrier service: (http:\/\/\S+)/.exec(chosen.output())?.[1];
if (!carrierUrl) throw new Error('npm run start:edge printed no carrier address');
const requests = Number(values.requests);
console.log(`Sending ${requests} requests to scripts/serve-edge.ts …`);
const started = performance.now();
const chosenCounts = await measure(`http://127.0.0.1:${port}`, requests);
const chosenTable = table(
  `scripts/serve-edge.ts (workerd via Miniflare, a connection to workerd per request): ${requests} requests, ${((performance.now() - started) / 1000).toFixed(0)} s`,
  chosenCounts,
);

// The runtime it replaced, calling the same carrier.
const previewPort = await freePort();
const preview = await serve(
  ['node_modules/astro/bin/astro.mjs', 'preview', '--host', '127.0.0.1', '--port', String(previewPort)],
  {
    SITE_TARGET: 'edge',
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    CARRIER_API_URL: carrierUrl,
    ...secrets,
  },
  answers(`http://127.0.0.1:${previewPort}/healthz`),
);
const referenceRequests = Number(values['reference-requests']);
console.log(`Sending ${referenceRequests} requests to astro preview …`);
const previewStarted = performance.now();
const previewCounts = await measure(`http://127.0.0.1:${previewPort}`, referenceRequests);
const previewTable = table(
  `astro preview (the Vite plugin's proxy over dispatchFetch): ${referenceRequests} requests, ${((performance.now() - previewStarted) / 1000).toFixed(0)} s`,
  previewCounts,
);
await preview.stop();
await chosen.stop();

console.log(['', ...chosenTable.lines, ...previewTable.lines].join('\n'));
if (chosenTable.failures > 0) {
  console.error(`✗ scripts/serve-edge.ts made ${chosenTable.failures} answers of its own.`);
  process.exit(1);
}
console.log('✓ scripts/serve-edge.ts: every answer came from the site.');
