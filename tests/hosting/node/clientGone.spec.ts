import { fork } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { siteApi } from '../../../src/lib/siteApi.ts';
import { e2eSecrets } from '../../e2e/secrets.ts';
import { carrierPort } from '../ports.ts';

/**
 * A client that resets its connection right after its request, before the endpoint has run: the
 * Node target's log is what an operator reads, so this test starts a site server of its own (the
 * build in dist/, the carrier of the test run) and reads its log. At the edge the runtime logs
 * no stack of the site's, and the platform's front end holds the client's connection.
 */
test('a client gone before its endpoint runs is at most one JSON line at info', async () => {
  const serve = fork(fileURLToPath(new URL('../../../scripts/serve.ts', import.meta.url)), [], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      METRICS_PORT: 'off',
      CARRIER_API_URL: `http://127.0.0.1:${carrierPort}`,
      ...e2eSecrets,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let log = '';
  serve.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  try {
    const siteUrl = await new Promise<string>((resolve, reject) => {
      serve.once('message', (message) => resolve((message as { siteUrl: string }).siteUrl));
      serve.once('exit', (code) => reject(new Error(`the server ended (${code}): ${log}`)));
    });
    const { port } = new URL(siteUrl);
    const resets = 100;
    const body = '{}';
    for (let i = 0; i < resets; i += 1)
      await new Promise<void>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `POST ${siteApi.returns} HTTP/1.1\r\nHost: ${new URL(siteUrl).host}\r\nContent-Type: application/json\r\n` +
              `Content-Length: ${body.length}\r\nIdempotency-Key: ${crypto.randomUUID()}\r\n\r\n${body}`,
            () => {
              socket.resetAndDestroy();
              resolve();
            },
          );
        });
        socket.on('error', () => resolve());
      });
    // The last requests reach their endpoints after their clients have gone.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const lines = log.split('\n').filter((line) => line.trim() !== '');
    for (const line of lines) {
      const entry = JSON.parse(line) as { level: string; code: string };
      expect(entry.level, line).toBe('info');
      expect(entry.code, line).toBe('clientGone');
    }
    // The resets do reach endpoints whose clients are gone (all of them, here), each one line.
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(resets);
    expect(log).not.toContain('ClientAddressNotAvailable');
  } finally {
    serve.kill('SIGTERM');
  }
});
