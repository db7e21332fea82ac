import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Runs a Node command to its end and collects what it printed. */
function run(args: string[], env: Record<string, string> = {}, cwd = process.cwd()) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const runScript = fileURLToPath(new URL('../../scripts/bench/run.ts', import.meta.url));

/**
 * Whether a process still runs. A stopped child whose parent has exited waits as a zombie until
 * PID 1 reaps it, which a container's first process may do late or never; a zombie has stopped.
 */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
};

describe('the benchmark command', () => {
  it('stops with one clear line, before starting anything, when Chromium is missing', async () => {
    const { code, stdout, stderr } = await run(['scripts/bench/run.ts', '--only', 'lighthouse'], {
      CHROMIUM_PATH: '/nowhere/chromium',
    });
    expect(code).not.toBe(0);
    expect(stderr.trim().split('\n')).toEqual([
      '✗ Chromium is not at /nowhere/chromium: install it (apt-get install chromium) or set CHROMIUM_PATH; the lighthouse, usable and typing parts need it.',
    ]);
    expect(stdout).not.toContain('site http');
  }, 30_000);

  it('stops with one clear line when asked to skip the build and there is none', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'bench-'));
    const { code, stdout, stderr } = await run([runScript, '--only', 'bytes', '--skip-build'], {}, empty);
    expect(code).not.toBe(0);
    expect(stderr.trim().split('\n')).toEqual(['✗ There is no build in dist/: run without --skip-build.']);
    expect(stdout).not.toContain('site http');
  }, 30_000);

  it('stops the processes it started when it crashes from an event nobody catches', async () => {
    const cleanup = fileURLToPath(new URL('../../scripts/bench/cleanup.ts', import.meta.url));
    // Stands in for the site server and a launcher that throws outside any try.
    const script = `
      import { spawn } from 'node:child_process';
      import { stopEverythingOnExit, stopOnExit } from ${JSON.stringify(cleanup)};
      stopEverythingOnExit();
      const server = spawn('sleep', ['60'], { stdio: 'ignore' });
      stopOnExit(() => server.kill('SIGTERM'));
      console.log(server.pid);
      setTimeout(() => { throw new Error('launcher failed'); }, 50);`;
    const { code, stdout, stderr } = await run(['--input-type=module', '-e', script]);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('✗ bench stopped: launcher failed');
    const pid = Number(stdout.trim());
    await expect.poll(() => alive(pid), { timeout: 2_000 }).toBe(false);
  });
});
