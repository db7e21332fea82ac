import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoTokens } from '../../carrier/seed.ts';
import { stopOnExit } from './cleanup.ts';

/**
 * The product as the benchmarks see it: built with `astro build`, then `node scripts/start.ts`
 * as a child process on free ports with the embedded carrier, every figure taken over loopback.
 *
 * Lifecycle: `startSite` returns once both the site and its carrier answer; `stop` sends
 * SIGTERM, waits for the exit and deletes the database. The caller stops it in a `finally`,
 * so a failing part never leaves the server running. Its output, without the carrier's line
 * per request, stays in `server.log` in the scratch directory.
 */
export interface BenchSite {
  url: string;
  /** The site's Prometheus metrics: its memory among them. */
  metricsUrl: string;
  carrierUrl: string;
  carrierApiKey: string;
  dbPath: string;
  logPath: string;
  stop: () => Promise<void>;
}

export const carrierApiKey = 'bench-carrier-key-0123456789abcdef';
/** The demo return page the embedded carrier seeds: a Czech shop that allows driver pickup. */
export const demoToken = demoTokens.driver;
/** A visit's attempt, as the site's redirect adds one to a link opened without (decision 035). */
export const benchAttempt = '0b0f4a3e-8d7c-4b1a-9e2f-123456789abc';
/**
 * The form page of a language as a sender's browser asks for it after that redirect, which is one
 * round trip before it on a link's first load only. Asked without the attempt, the site answers
 * the redirect: a bench of the bare link measures a 302, not the page.
 */
export const formPathOf = (prefix = '') => `${prefix}/returns?token=${demoToken}&attempt=${benchAttempt}`;

/**
 * The form page with a made-up `lng` of its own, `tag` and `index` apart: the route cache keys a page
 * by its language choice and never keeps an unknown one (src/server/cache/keptEncoded.ts), so each is
 * a carrier call and the whole form rendered. (`another` is no page parameter any more: asked with a
 * new one, the cache answers.)
 */
export const renderedFormPathOf = (tag: string, index: number) => `${formPathOf()}&lng=${tag}-${index}`;

/** Runs a command with this Node (24, from the `node` package) and fails when it fails. */
export function runNode(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit', env });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`node ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** `npx astro build`, run on the project's Node. */
export function buildSite(): Promise<void> {
  return runNode(['node_modules/astro/bin/astro.mjs', 'build'], {
    ...process.env,
    ASTRO_TELEMETRY_DISABLED: '1',
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts the built site server with the embedded carrier; resolves when both have printed their URLs. */
export async function startSite(): Promise<BenchSite> {
  const scratch = mkdtempSync(join(tmpdir(), 'returns-bench-'));
  const dbPath = join(scratch, 'carrier.sqlite');
  const logPath = join(scratch, 'server.log');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    METRICS_PORT: '0',
    CARRIER_API_KEY: carrierApiKey,
    CARRIER_PORT: '0',
    CARRIER_SMTP_PORT: '0',
    CARRIER_DB_PATH: dbPath,
    CARRIER_PROCESSING_DELAY_MS: '0',
    ALTCHA_HMAC_KEY: 'bench-altcha-hmac-key-0123456789abcdef',
    // The load and submit parts stand in for many senders; each request names its own client.
    TRUST_PROXY: 'true',
  };
  delete env['CARRIER_API_URL'];
  const child = spawn(process.execPath, ['scripts/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const unregister = stopOnExit(() => {
    child.kill('SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
  });
  const log = createWriteStream(logPath);
  child.stderr.pipe(log);
  let output = '';
  const ready = new Promise<{ url: string; metricsUrl: string; carrierUrl: string }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the site did not start in 60 s; see ${logPath}`)),
      60_000,
    );
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      // The carrier logs every request; the log keeps the rest (start, returns, mail, warnings).
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (!line.includes('"event":"carrier.request"')) log.write(`${line}\n`);
      if (output.length > 100_000) return;
      output += chunk.toString('utf8');
      const site = /Returns portal: (http:\/\/\S+)\/returns/.exec(output)?.[1];
      const carrier = /Embedded carrier service: (http:\/\/\S+) /.exec(output)?.[1];
      const metrics = /Metrics \(Prometheus\): (http:\/\/\S+)/.exec(output)?.[1];
      if (site && carrier && metrics) {
        clearTimeout(timer);
        resolve({ url: site, metricsUrl: metrics, carrierUrl: carrier });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the site server exited with ${code}; see ${logPath}`));
    });
  });
  try {
    const { url, metricsUrl, carrierUrl } = await ready;
    const stop = async () => {
      await stopChild(child);
      unregister();
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbPath}${suffix}`, { force: true });
    };
    return { url, metricsUrl, carrierUrl, carrierApiKey, dbPath, logPath, stop };
  } catch (error) {
    await stopChild(child);
    unregister();
    throw error;
  }
}

/** The edge build served in workerd (`scripts/start.ts --edge`), calling the given carrier. */
export interface BenchEdge {
  url: string;
  stop: () => Promise<void>;
}

/** `npm run build:edge`'s build, on the project's Node, without secrets in its environment. */
export function buildEdge(): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, SITE_TARGET: 'edge', ASTRO_TELEMETRY_DISABLED: '1' };
  delete env['CARRIER_API_KEY'];
  delete env['ALTCHA_HMAC_KEY'];
  return runNode(['node_modules/astro/bin/astro.mjs', 'build'], env);
}

/** Serves the edge build with the bench site's carrier; resolves once it answers. */
export async function startEdge(site: BenchSite): Promise<BenchEdge> {
  const child = spawn(process.execPath, ['scripts/start.ts', '--edge'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      CARRIER_API_URL: site.carrierUrl,
      CARRIER_API_KEY: site.carrierApiKey,
      ALTCHA_HMAC_KEY: 'bench-altcha-hmac-key-0123456789abcdef',
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const unregister = stopOnExit(() => child.kill('SIGTERM'));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = /Returns portal \(edge, workerd\): (http:\/\/\S+)\/returns/.exec(output)?.[1];
      if (found) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`the edge build's server exited with ${code}`)));
  });
  return {
    url,
    stop: async () => {
      await stopChild(child);
      unregister();
    },
  };
}
