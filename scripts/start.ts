import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { demoPages, returnLink } from '../carrier/seed.ts';
import { ConfigurationError } from '../src/server/config.ts';

/**
 * The demo launcher: `npm start` without CARRIER_API_URL runs the reference carrier and the site
 * server beside it, each a process of its own (the site's never loads the carrier's code). With a
 * carrier configured, `npm start` runs the site server alone and this file is not used
 * (package.json; decision 040). A production start (NODE_ENV=production) without a carrier stops
 * here with the spec's configuration error: a misconfigured production never serves demo pages.
 *
 * `--edge` (`npm run start:edge`) serves the edge build (dist-edge/) in workerd
 * (scripts/serve-edge.ts), offline, in place of the Node server: the same carrier, the same lines.
 *
 * Lifecycle: the carrier starts first and tells its URL over the IPC channel; the site starts
 * with that URL and its key, and tells its own over IPC too; then the carrier and the demo links
 * are printed. SIGTERM or SIGINT stops both, the site first; when either ends on its own, the
 * other is stopped and the start ends with its exit code. When this process is killed outright, each child sees its
 * IPC channel close and stops by itself (the edge server with its workerd). Both write their own
 * logs to this process's stdout and stderr.
 */

const edge = parseArgs({ options: { edge: { type: 'boolean' } } }).values.edge === true;
const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const env: NodeJS.ProcessEnv = { ...process.env };
const children: ChildProcess[] = [];
let stopping = false;

/**
 * Stops the children in the reverse order of their start: the site first, so that a request it is
 * still answering reaches its carrier, then the carrier.
 */
function stop(code: number): void {
  stopping = true;
  setTimeout(() => process.exit(code), 6_000).unref();
  const next = () => {
    const child = children.findLast((each) => each.exitCode === null && each.signalCode === null);
    if (!child) process.exit(code);
    child.once('exit', next);
    child.kill('SIGTERM');
  };
  next();
}

function watch(child: ChildProcess): void {
  children.push(child);
  child.once('exit', (code, signal) => {
    if (!stopping) stop(code ?? (signal ? 1 : 0));
  });
}

/**
 * The site's memory, bounded as `npm start` bounds the server alone: both read package.json's
 * `config` (decision 040; docs/deploying.md says why the bounds are there).
 */
const { config } = JSON.parse(readFileSync(root('package.json'), 'utf8')) as {
  config: { serverNodeFlags: string; serverMallocArenaMax: string };
};
const siteHeapFlags = config.serverNodeFlags.split(' ');
const siteEnv = { MALLOC_ARENA_MAX: env['MALLOC_ARENA_MAX'] || config.serverMallocArenaMax };

/** Starts `module` with the IPC channel; resolves with the first message's `field`. */
function start(module: string, field: string, execArgv: string[] = [], extraEnv = {}): Promise<string> {
  const child = fork(root(module), [], {
    env: { ...env, ...extraEnv },
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  watch(child);
  return new Promise((resolve) => {
    child.on('message', (message: Record<string, unknown>) => {
      if (typeof message[field] === 'string') resolve(message[field]);
    });
  });
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  // The site says that it is closing; the carrier closes quietly.
  process.once(signal, () => stop(0));
}

let carrierUrl: string | undefined;
if (!env['CARRIER_API_URL']) {
  if (env['NODE_ENV'] === 'production') {
    console.error(new ConfigurationError(['CARRIER_API_URL']).toLogLine());
    process.exit(1);
  }
  // The embedded default: the carrier gets the given key or one made now, and the site the same.
  env['CARRIER_API_KEY'] ||= randomBytes(24).toString('base64url');
  carrierUrl = await start('carrier/main.ts', 'carrierUrl');
  env['CARRIER_API_URL'] = carrierUrl;
}
// The Node server makes its own ALTCHA key when it runs alone; the edge build is given one.
if (edge) env['ALTCHA_HMAC_KEY'] ||= randomBytes(32).toString('base64url');
const siteUrl = edge
  ? await start('scripts/serve-edge.ts', 'siteUrl')
  : await start('scripts/serve.ts', 'siteUrl', siteHeapFlags, siteEnv);
if (carrierUrl) {
  console.log(`Embedded carrier service: ${carrierUrl} (mail inbox: ${carrierUrl}/_mail)`);
  console.log('Demo return links:');
  for (const demo of demoPages) console.log(`  ${returnLink(siteUrl, demo.token)}    ${demo.note}`);
}
