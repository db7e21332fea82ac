import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { demoPages, returnLink } from '../carrier/seed.ts';
import { freePort } from '../tests/freePort.ts';

/**
 * `npm run start:edge`: the edge build (dist-edge/, built by the npm script first) served in workerd
 * by `astro preview`, fully offline, with the reference carrier beside it when CARRIER_API_URL
 * names none: the same lines as `npm start` (the portal's address, the carrier, the demo links).
 * PORT picks the site's port (4321 unless set; 0 picks a free one). SIGTERM or SIGINT stops both.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  SITE_TARGET: 'edge',
  // The local tools stay off the network: no usage data, no request.cf lookup.
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
};
const children: ChildProcess[] = [];

function stop(code: number): never {
  for (const child of children) {
    // astro preview runs workerd as a child of its own: the whole group goes.
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
    }
  }
  process.exit(code);
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => stop(0));

let carrierUrl: string | undefined;
if (!env['CARRIER_API_URL']) {
  env['CARRIER_API_KEY'] ||= randomBytes(24).toString('base64url');
  const carrier = fork(`${root}carrier/main.ts`, [], {
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
  children.push(carrier);
  carrier.once('exit', (code) => stop(code ?? 1));
  carrierUrl = await new Promise<string>((resolve) =>
    carrier.on(
      'message',
      (message: { carrierUrl?: string }) => message.carrierUrl && resolve(message.carrierUrl),
    ),
  );
  env['CARRIER_API_URL'] = carrierUrl;
}
env['ALTCHA_HMAC_KEY'] ||= randomBytes(32).toString('base64url');

const host = env['HOST'] || '127.0.0.1';
const port = env['PORT'] === '0' ? await freePort() : Number(env['PORT'] || 4321);
const preview = spawn(`${root}node_modules/.bin/astro`, ['preview', '--host', host, '--port', String(port)], {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
children.push(preview);
preview.once('exit', (code) => stop(code ?? 1));

const siteUrl = `http://${host}:${port}`;
for (let waited = 0; ; waited += 200) {
  const alive = await fetch(`${siteUrl}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
  if (alive) break;
  if (waited > 60_000) {
    console.error(`The edge build did not answer at ${siteUrl} within 60 s.`);
    stop(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}
console.log(`Returns portal (edge, workerd): ${siteUrl}/returns`);
if (carrierUrl) {
  console.log(`Embedded carrier service: ${carrierUrl} (mail inbox: ${carrierUrl}/_mail)`);
  console.log('Demo return links:');
  for (const demo of demoPages) console.log(`  ${returnLink(siteUrl, demo.token)}    ${demo.note}`);
}
