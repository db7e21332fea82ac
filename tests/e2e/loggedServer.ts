import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { returnsFor as returnsOf } from '../carrierDb.ts';
import { e2eSecrets } from './secrets.ts';

/**
 * A site server of its own (the built dist/, the reference carrier beside it, free ports, and
 * `env` on top) whose every log line the test keeps, so it can prove what the server never wrote down.
 */
export async function startLoggedServer(env: Record<string, string> = {}): Promise<{
  url: string;
  log: () => string;
  returnsFor: (email: string) => number;
  stop: () => Promise<void>;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'returns-logged-'));
  const db = join(dir, 'carrier.sqlite');
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    env: {
      ...process.env,
      ...e2eSecrets,
      PORT: '0',
      HOST: '127.0.0.1',
      METRICS_PORT: '0',
      CARRIER_PORT: '0',
      CARRIER_SMTP_PORT: '0',
      CARRIER_DB_PATH: db,
      CARRIER_PROCESSING_DELAY_MS: '300',
      TRUST_PROXY: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let waited = 0; waited < 60_000; waited += 100) {
    const url = /Returns portal: (http:\/\/\S+)\/returns/.exec(log)?.[1];
    if (url) {
      const returnsFor = (email: string) => returnsOf(db, email);
      return { url, log: () => log, returnsFor, stop };
    }
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`the site server did not start:\n${log}`);
}
