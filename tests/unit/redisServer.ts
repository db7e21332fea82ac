import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from '../freePort.ts';

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

/**
 * Debian's redis-server on a free port, without persistence, for tests of what several site
 * instances share. Resolves once it answers; `stop` ends it.
 */
export async function startRedis(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const missing = new Promise<never>((_, reject) =>
    child.once('error', () => reject(new Error('redis-server is missing: apt-get install redis-server'))),
  );
  const stop = () => void child.kill();
  for (let i = 0; i < 50; i += 1) {
    if (await Promise.race([answers(port), missing])) return { url: `redis://127.0.0.1:${port}`, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error('redis-server did not answer within 5 s');
}
