import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { freePort } from '@parcel-returns/listen';

/** Whether a Redis on `port` answers PING. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(200, () => socket.destroy());
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => resolve(data.toString().startsWith('+PONG')));
    socket.once('close', () => resolve(false));
    socket.once('error', () => resolve(false));
  });
}

export interface TestRedis {
  url: string;
  /** Ends it for good. */
  stop(): void;
  /** Shuts it down as an operator would (SIGTERM); `start` brings it back on the same port and data. */
  shutDown(): Promise<void>;
  start(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open and nothing answers, until `thaw` (SIGCONT). */
  freeze(): void;
  thaw(): void;
  /** Thawed and running, whatever a test left it in. */
  ensureUp(): Promise<void>;
}

/**
 * Debian's redis-server on a free port, for tests of what several site instances share.
 * `persistent` keeps its data across `shutDown` and `start` (an append-only file, as a
 * production Redis that must not forget spent tokens is run). Resolves once it answers.
 */
export async function startRedis(options: { persistent?: boolean } = {}): Promise<TestRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'redis-'));
  const args = ['--port', String(port), '--dir', dir, '--save', ''];
  args.push(
    ...(options.persistent ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']),
  );
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn('redis-server', args, { stdio: 'ignore' });
    child = started;
    const missing = new Promise<never>((_, reject) =>
      started.once('error', () => reject(new Error('redis-server is missing: apt-get install redis-server'))),
    );
    for (let i = 0; i < 50; i += 1) {
      if (await Promise.race([answers(port), missing])) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    started.kill('SIGKILL');
    throw new Error('redis-server did not answer within 5 s');
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => {
      child?.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
    async shutDown() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      running.kill('SIGTERM');
      await once(running, 'exit');
    },
    start,
    freeze: () => void child?.kill('SIGSTOP'),
    thaw: () => void child?.kill('SIGCONT'),
    async ensureUp() {
      child?.kill('SIGCONT');
      if (!child || child.exitCode !== null || child.signalCode !== null) await start();
    },
  };
}
