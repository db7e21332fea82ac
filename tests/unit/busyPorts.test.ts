import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOn, PortUnavailableError } from '@parcel-returns/listen';

let taken: Server;
let port: number;
let scratch: string;
beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  port = (taken.address() as { port: number }).port;
  scratch = mkdtempSync(join(tmpdir(), 'busy-ports-'));
});
afterAll(() => {
  taken.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Starts the site server as `npm start` does and waits for it to end. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/start.ts'], {
      env: {
        PATH: process.env['PATH'] ?? '',
        PORT: '0',
        METRICS_PORT: '0',
        CARRIER_PORT: '0',
        CARRIER_SMTP_PORT: '0',
        CARRIER_DB_PATH: join(scratch, `${Object.keys(env).join('-')}.sqlite`),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, stderr });
    });
  });
}

describe('a port that is already taken', () => {
  it.each(['CARRIER_PORT', 'CARRIER_SMTP_PORT', 'METRICS_PORT'])(
    'stops the start with one line naming %s, and no stack',
    async (variable) => {
      const { code, stderr } = await start({ [variable]: String(port) });
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([
        `Port ${port} on 127.0.0.1 is already in use: set ${variable} to a free port (0 picks one).`,
      ]);
    },
    30_000,
  );

  it("names the site's own variable, PORT", async () => {
    const server = createServer();
    const error = await listenOn(server, port, '127.0.0.1', 'PORT').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortUnavailableError);
    expect((error as Error).message).toBe(
      `Port ${port} on 127.0.0.1 is already in use: set PORT to a free port (0 picks one).`,
    );
    expect(server.listening).toBe(false);
  });
});
