import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { freePort } from '../../src/lib/listen.ts';

/**
 * `npm start` (and `npm run start:edge` on the edge project) killed outright, as a terminal that
 * closes or a supervisor's SIGKILL does: nothing it started may stay behind holding a port. The
 * site server, the carrier and (at the edge) workerd each stop by themselves once the launcher is
 * gone. Each test starts a launcher of its own, with the embedded carrier, on free ports.
 */

/** The processes below `root`, read from /proc: pid and parent of every process there is. */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // Gone while listed.
    }
  }
  const found: number[] = [];
  for (let frontier = [root]; frontier.length > 0;) {
    frontier = [...parents].filter(([, ppid]) => frontier.includes(ppid)).map(([pid]) => pid);
    found.push(...frontier);
  }
  return found;
}

/** Whether a process runs still: a zombie, waiting for a parent to read its exit, does not. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

test('a launcher killed outright leaves no process and no port behind', async ({}, testInfo) => {
  test.setTimeout(90_000);
  const edge = testInfo.project.name === 'edge';
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env['CARRIER_API_URL'];
  const launcher = spawn(process.execPath, ['scripts/start.ts', ...(edge ? ['--edge'] : [])], {
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: '0',
      CARRIER_PORT: '0',
      CARRIER_SMTP_PORT: '0',
      CARRIER_DB_PATH: `${testInfo.outputPath()}.sqlite`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  let started: number[] = [];
  launcher.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  try {
    await expect.poll(() => output, { timeout: 60_000 }).toContain('Demo return links:');
    const site = `http://127.0.0.1:${port}`;
    expect((await fetch(`${site}/healthz`)).status).toBe(200);
    started = descendants(launcher.pid ?? 0);
    // The site server and the carrier, and at the edge workerd below the site's server.
    expect(started.length, output).toBeGreaterThanOrEqual(edge ? 3 : 2);

    launcher.kill('SIGKILL');
    await expect.poll(() => started.filter(running), { timeout: 15_000 }).toEqual([]);
    const answered = await fetch(`${site}/healthz`).then(
      () => true,
      () => false,
    );
    expect(answered, 'the port is free').toBe(false);
  } finally {
    // Whatever this test found still running, it stops: a failure here leaves nothing either.
    launcher.kill('SIGKILL');
    for (const pid of [...started, ...descendants(launcher.pid ?? 0)].filter(running))
      process.kill(pid, 'SIGKILL');
  }
});
