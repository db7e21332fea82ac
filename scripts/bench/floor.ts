import { fork, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '@parcel-returns/listen';
import { stopOnExit } from './cleanup.ts';
import { cannon, connections, type LoadFigures } from './load.ts';
import type { Section } from './report.ts';
import { formPathOf, renderedFormPathOf, runNode, type BenchSite } from './site.ts';
import { ms, ratio } from './stats.ts';

/**
 * The Node target against the floor under it, in the same run: the same static file from a plain
 * `node:http` server holding its bytes in memory (the machine's limit) and from the bare
 * adapter's static path (the site's own build, `dist/server/entry.mjs` on the adapter's standalone server, with
 * nothing of scripts/serve.ts), beside the site's static file, the form page kept by the route
 * cache and the form page rendered, each with `Accept-Encoding: br` and without; and the render
 * beside a bare Astro + React app that server-renders a form of the same shape
 * (bench/fixtures/bare-form, built here). Each figure is taken after a warm-up of its own.
 */
export interface FloorRow {
  name: FloorName;
  br?: LoadFigures;
  identity?: LoadFigures;
}

export type FloorName = 'plain' | 'bareAdapter' | 'siteStatic' | 'siteKept' | 'siteRendered' | 'bareApp';

export interface FloorResult {
  staticPath: string;
  rows: FloorRow[];
}

const fixtureRoot = 'bench/fixtures/bare-form';
const formPage = formPathOf();

/** `astro build` of the bare app, on the project's Node. */
export function buildBareApp(): Promise<void> {
  return runNode(['node_modules/astro/bin/astro.mjs', 'build', '--root', fixtureRoot], {
    ...process.env,
    ASTRO_TELEMETRY_DISABLED: '1',
  });
}

interface Reference {
  url: string;
  stop: () => Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A reference server in a process of its own, stopped with the bench whatever happens. */
async function reference(child: ChildProcess, url: Promise<string>): Promise<Reference> {
  const unregister = stopOnExit(() => child.kill('SIGTERM'));
  const stop = async () => {
    await stopChild(child);
    unregister();
  };
  try {
    return { url: await url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Waits until `url` answers (a standalone adapter prints no machine-readable line). */
async function answering(url: string, child: ChildProcess): Promise<string> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return new URL(url).origin;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer in 30 s`);
}

function plainServer(file: string, type: string): Promise<Reference> {
  const child = fork(fileURLToPath(new URL('references/plainServer.ts', import.meta.url)), [file, type], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`the plain server exited with ${code}`)));
  });
  return reference(child, url);
}

/** A build on the adapter's own standalone server (scripts/standalone.ts). */
async function standalone(entry: string, probe: string): Promise<Reference> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/standalone.ts', entry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return reference(child, answering(`http://127.0.0.1:${port}${probe}`, child));
}

async function figures(
  url: string,
  encoding: 'br' | 'identity',
  run: { seconds: number; warmUp: number },
  pathOf?: (index: number) => string,
): Promise<LoadFigures> {
  const headers = { 'accept-encoding': encoding, 'accept-language': 'cs-CZ' };
  if (run.warmUp > 0) await cannon(url, headers, { amount: run.warmUp }, undefined, pathOf);
  return cannon(url, headers, { seconds: run.seconds }, undefined, pathOf);
}

const pairedRounds = 3;

/** The round of median throughput. */
function medianRound(rounds: LoadFigures[]): LoadFigures {
  const sorted = [...rounds].sort((a, b) => a.rps - b.rps);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error('no round was measured');
  return median;
}

/**
 * One URL with `br` and without, in alternating rounds, each figure the round of median
 * throughput: a budget compares the two, and what the machine does in the background then falls on
 * both. (Measured one after the other, the site's file from memory, near the client's own limit,
 * came out at 0.65× one run and 1.05× the next.)
 */
async function paired(
  url: string,
  run: { seconds: number; warmUp: number },
  pathOf?: (index: number) => string,
): Promise<{ br: LoadFigures; identity: LoadFigures }> {
  const seconds = Math.max(1, Math.round(run.seconds / pairedRounds));
  const br: LoadFigures[] = [];
  const identity: LoadFigures[] = [];
  for (let index = 0; index < pairedRounds; index++) {
    // Each encoding warmed up before its first round only.
    const round = { seconds, warmUp: index === 0 ? run.warmUp : 0 };
    br.push(await figures(url, 'br', round, pathOf));
    identity.push(await figures(url, 'identity', round, pathOf));
  }
  return { br: medianRound(br), identity: medianRound(identity) };
}

export async function runFloor(
  site: BenchSite,
  staticPath: string,
  run: { seconds: number; warmUp: number },
): Promise<FloorResult> {
  await buildBareApp();
  const rows: FloorRow[] = [];
  const file = fileURLToPath(new URL(`../../dist/client${staticPath}`, import.meta.url));
  const plain = await plainServer(file, 'text/javascript; charset=utf-8');
  try {
    rows.push({ name: 'plain', ...(await paired(`${plain.url}${staticPath}`, run)) });
  } finally {
    await plain.stop();
  }
  const adapter = await standalone('dist/server/entry.mjs', staticPath);
  try {
    rows.push({
      name: 'bareAdapter',
      identity: await figures(`${adapter.url}${staticPath}`, 'identity', run),
    });
  } finally {
    await adapter.stop();
  }
  const asset = `${site.url}${staticPath}`;
  rows.push({ name: 'siteStatic', ...(await paired(asset, run)) });
  const page = `${site.url}${formPage}`;
  rows.push({ name: 'siteKept', ...(await paired(page, run)) });
  // A made-up language each time: a carrier call and the whole form (renderedFormPathOf).
  const rendered = (i: number) => renderedFormPathOf(`floor${Date.now()}`, i);
  rows.push({ name: 'siteRendered', ...(await paired(page, run, rendered)) });
  const bare = await standalone(`${fixtureRoot}/dist/server/entry.mjs`, '/');
  try {
    const each = (i: number) => `/?another=floor${Date.now()}-${i}`;
    rows.push({ name: 'bareApp', identity: await figures(`${bare.url}/`, 'identity', run, each) });
  } finally {
    await bare.stop();
  }
  for (const row of rows)
    console.log(
      `  floor ${row.name}: br ${row.br?.rps.toFixed(0) ?? '—'} req/s, identity ${row.identity?.rps.toFixed(0) ?? '—'} req/s`,
    );
  return { staticPath, rows };
}

/** A row's figures by name: what the budgets compare. */
export function floorOf(result: FloorResult, name: FloorName): FloorRow | undefined {
  return result.rows.find((row) => row.name === name);
}

const labels: Record<FloorName, string> = {
  plain: 'The same bytes from memory, plain `node:http` (the machine’s limit)',
  bareAdapter: 'The same file, the bare adapter’s static path (`dist/server/entry.mjs` standalone)',
  siteStatic: 'The same file, the site (`scripts/serve.ts`)',
  siteKept: 'The form page kept by the route cache, the site',
  siteRendered: 'The form page rendered (a made-up `lng` each time), the site',
  bareApp: 'A bare Astro + React app rendering a form of the same shape (bench/fixtures/bare-form)',
};

export function floorSection(result: FloorResult, run: { seconds: number; warmUp: number }): Section {
  const cell = (f: LoadFigures | undefined) =>
    f ? `${f.rps.toFixed(0)} (${ms(f.p50)} / ${ms(f.p99)})` : '—';
  return {
    title: 'The Node target against the floor',
    commands: ['npm run bench -- --only pages'],
    columns: [
      'What',
      '`Accept-Encoding: br` req/s (p50 / p99)',
      'Without compression req/s (p50 / p99)',
      'br ÷ without',
    ],
    rows: result.rows.map((row) => [
      labels[row.name],
      cell(row.br),
      cell(row.identity),
      row.br && row.identity ? ratio(row.br.rps / row.identity.rps) : '—',
    ]),
    notes: [
      `autocannon, ${connections} connections, ${run.seconds} s each after a warm-up of ${run.warmUp} requests, in one run; the plain server's and the site's rows with \`br\` and without in ${pairedRounds} alternating rounds of a third of that, each figure the round of median throughput. The file is \`${result.staticPath}\`. The plain server sends the file written at build for \`br\` (brotli 11), as it is; the adapter and the bare app have no compression; the site answers \`br\` with the file written at build (brotli 11) and a kept page with the copy the route cache keeps per encoding.`,
    ],
  };
}
