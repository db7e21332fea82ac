import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@parcel-returns/listen';

/**
 * `npm run edit -- --port <port>`, as README tells content editors to start the editor, on a free
 * port. It saves into a copy of src/content/shell (CONTENT_ROOT) and runs its embedded carrier on
 * free ports with a database of its own, so a test changes nothing in the project and collides with
 * no other server. Every line it prints is kept for the test to read.
 */
export async function startEditDevServer(): Promise<{
  port: number;
  /** The copy's folder: its src/content/shell holds what the editor saves. */
  root: string;
  log: () => string;
  stop: () => Promise<void>;
}> {
  const root = await mkdtemp(join(tmpdir(), 'returns-edit-dev-'));
  const shellDir = join(root, 'src/content/shell');
  await mkdir(shellDir, { recursive: true });
  await cp(new URL('../../src/content/shell', import.meta.url), shellDir, { recursive: true });
  const port = await freePort();
  // Its own process group, so that stopping it ends npm, its shell and Astro together.
  const child = spawn('npm', ['run', 'edit', '--', '--port', String(port)], {
    cwd: new URL('../..', import.meta.url),
    env: {
      ...process.env,
      ASTRO_TELEMETRY_DISABLED: '1',
      CONTENT_ROOT: root,
      CARRIER_PORT: '0',
      CARRIER_SMTP_PORT: '0',
      CARRIER_DB_PATH: join(root, 'carrier.sqlite'),
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid!, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    // Whatever of the group outlived npm.
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // The group is gone already.
    }
    await rm(root, { recursive: true, force: true });
  };

  // Ready once it has said where the editor is and answers there; the first start compiles a lot.
  for (const deadline = Date.now() + 180_000; Date.now() < deadline;) {
    const editorUrl = /Content editor: (http:\/\/\S+)/.exec(log)?.[1];
    if (editorUrl) {
      const answer = await fetch(editorUrl).catch(() => undefined);
      await answer?.body?.cancel();
      if (answer?.ok) return { port, root, log: () => log, stop };
    }
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`npm run edit did not start:\n${log}`);
}
