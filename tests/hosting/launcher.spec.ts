import { spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { freePort } from '@parcel-returns/listen';
import { descendants, running } from './processes.ts';

/**
 * `npm start` (and `npm run start:edge` on the edge project) killed outright, as a terminal that
 * closes or a supervisor's SIGKILL does: nothing it started may stay behind holding a port. The
 * site server, the carrier and (at the edge) workerd each stop by themselves once the launcher is
 * gone. Each test starts a launcher of its own, with the embedded carrier, on free ports.
 */

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
  launcher.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
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
