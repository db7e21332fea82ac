import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { demoPages, returnLink } from '../carrier/seed.ts';
import { ConfigurationError } from '../src/server/config.ts';

/**
 * `npm start`: the site server and, when no carrier API is configured, the reference carrier
 * beside it, each a process of its own (the site's never loads the carrier's code). It stops
 * with the spec's configuration error instead when the start is a production one
 * (NODE_ENV=production) without CARRIER_API_URL: a misconfigured production never serves demo pages.
 *
 * Lifecycle: the carrier starts first and tells its URL over the IPC channel; the site starts
 * with that URL and its key, and tells its own; then the carrier and the demo links are printed.
 * SIGTERM or SIGINT stops both; when either ends on its own, the other is stopped and the start
 * ends with its exit code. Both write their own logs to this process's stdout and stderr.
 */

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const env: NodeJS.ProcessEnv = { ...process.env };
const children: ChildProcess[] = [];
let stopping = false;

function stop(code: number): void {
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  if (running.length === 0) process.exit(code);
  let left = running.length;
  for (const child of running) {
    child.once('exit', () => (left -= 1) === 0 && process.exit(code));
    child.kill('SIGTERM');
  }
  setTimeout(() => process.exit(code), 6_000).unref();
}

/**
 * The site's heap, bounded: V8 sizes it for the machine's memory (hundreds of MB on a large one)
 * and lets it grow long after what a request needs; these keep the process near 250 MB through a
 * soak of 20,000 pages (`npm run bench -- --only pages`) for a few percent of its throughput.
 */
const siteHeapFlags = ['--max-semi-space-size=8', '--max-old-space-size=160'];

/** Starts `module` with the IPC channel; resolves with the first message's `field`. */
function start(module: string, field: string, execArgv: string[] = []): Promise<string> {
  const child = fork(root(module), [], { env, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.push(child);
  child.once('exit', (code, signal) => {
    if (!stopping) stop(code ?? (signal ? 1 : 0));
  });
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
const siteUrl = await start('scripts/serve.ts', 'siteUrl', siteHeapFlags);
if (carrierUrl) {
  console.log(`Embedded carrier service: ${carrierUrl} (mail inbox: ${carrierUrl}/_mail)`);
  console.log('Demo return links:');
  for (const demo of demoPages) console.log(`  ${returnLink(siteUrl, demo.token)}    ${demo.note}`);
}
