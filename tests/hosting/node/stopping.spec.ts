import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { freePort } from '@parcel-returns/listen';
import { demoPages } from '../../../carrier/seed.ts';
import { e2eSecrets } from '../../e2e/secrets.ts';
import { commandLine, descendants, running } from '../processes.ts';

/**
 * `npm start` stopped by its supervisor (SIGTERM) while senders wait for answers: every request
 * the site has accepted is answered, then it ends with 0. With a carrier configured, `npm start` is
 * the site server alone (decision 040); without one, the demo launcher stops the site first and its
 * carrier after it. Both run the build in dist/ (`npm start` builds first: `--ignore-scripts` skips
 * that here, the test run has built).
 */

const inFlight = 20;

/** The server's memory bounds, written once in package.json's `config` (decision 040). */
const { config } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  config: { serverNodeFlags: string };
};
const bounded = (flags: string) => new RegExp(`^\\S*node ${flags} \\S*scripts/serve\\.ts$`);

/** A carrier that holds every address lookup for `delayMs` and counts the ones it holds. */
async function slowCarrier(delayMs: number): Promise<{ server: Server; url: string; held: () => number }> {
  let held = 0;
  const server = createServer((_req, res) => {
    held += 1;
    setTimeout(() => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify([{ street: 'Dlouhá', houseNumber: '1', zipCode: '11000', city: 'Praha' }]));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}`, held: () => held };
}

/** Starts `command` with `env` and waits for the site's address in its output. */
async function started(command: string[], env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(command[0] ?? 'npm', command.slice(1), {
    env: {
      ...process.env,
      ...e2eSecrets,
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  await expect.poll(() => output, { timeout: 60_000 }).toContain('Returns portal:');
  return { child, site: `http://127.0.0.1:${port}`, output: () => output };
}

/** Resolves with the exit code once `child` has ended. */
const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

/** The statuses of `requests`, or the error a request ended with instead of an answer. */
const outcomes = (requests: Promise<Response>[]) =>
  Promise.all(
    requests.map((each) =>
      each.then(
        (res) => res.status,
        (error: unknown) => (error as Error).message,
      ),
    ),
  );

test('npm start with a carrier is the server alone, and SIGTERM answers every request in flight', async () => {
  test.setTimeout(90_000);
  const carrier = await slowCarrier(1_500);
  const { child, site, output } = await started(
    ['npm', 'start', '--ignore-scripts', '--no-update-notifier'],
    {
      NODE_ENV: 'production',
      CARRIER_API_URL: carrier.url,
    },
  );
  try {
    // npm's shell gave its place to the server: one process below npm, and it is scripts/serve.ts
    // with its memory bounds.
    const below = descendants(child.pid ?? 0);
    expect(below.map(commandLine), output()).toEqual([
      expect.stringMatching(bounded(config.serverNodeFlags)),
    ]);

    const requests = Array.from({ length: inFlight }, (_, i) =>
      fetch(`${site}/api/addresses?street=Dlouh%C3%A1+${i}&calledFrom=Street`),
    );
    await expect.poll(carrier.held).toBe(inFlight);
    child.kill('SIGTERM');
    expect(await outcomes(requests)).toEqual(Array(inFlight).fill(200));
    expect(await exited(child), output()).toBe(0);
    expect(below.filter(running)).toEqual([]);
  } finally {
    for (const pid of descendants(child.pid ?? 0)) process.kill(pid, 'SIGKILL');
    child.kill('SIGKILL');
    carrier.server.close();
  }
});

test('the demo launcher stopped with requests in flight answers them, its carrier stopping last', async ({}, testInfo) => {
  test.setTimeout(90_000);
  const env: Record<string, string> = {
    CARRIER_API_URL: '',
    CARRIER_PORT: '0',
    CARRIER_SMTP_PORT: '0',
    CARRIER_DB_PATH: `${testInfo.outputPath()}.sqlite`,
  };
  const { child, site, output } = await started(
    ['npm', 'start', '--ignore-scripts', '--no-update-notifier'],
    env,
  );
  const token = demoPages[0]?.token ?? '';
  try {
    // The launcher's site server has the same memory bounds as the server alone.
    expect(descendants(child.pid ?? 0).map(commandLine), output()).toContainEqual(
      expect.stringMatching(bounded(config.serverNodeFlags)),
    );
    // Each sender's plain form post arrives slowly: the site has its request, and the rest of the
    // body comes after the stop. Answering it renders the link's page, which asks the carrier.
    const rest: (() => void)[] = [];
    const requests = Array.from({ length: inFlight }, () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('name='));
          rest.push(() => {
            controller.enqueue(new TextEncoder().encode('Jana'));
            controller.close();
          });
        },
      });
      return fetch(`${site}/returns?token=${token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: site },
        body,
        duplex: 'half',
      } as RequestInit);
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const send of rest) send();
    // The link's page again, with what the sender must still fill in: the carrier was there to ask.
    expect(await outcomes(requests), output()).toEqual(Array(inFlight).fill(200));
    expect(await exited(child), output()).toBe(0);
  } finally {
    for (const pid of descendants(child.pid ?? 0)) process.kill(pid, 'SIGKILL');
    child.kill('SIGKILL');
  }
});
