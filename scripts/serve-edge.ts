import { globSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { listenOn, PortUnavailableError } from '@parcel-returns/listen';

/**
 * The edge build (dist-edge/, decision 029) served on this machine, offline: the worker, its
 * Durable Object and its static assets in workerd through Miniflare, configured from the
 * wrangler.json the adapter generates, as `wrangler dev` and the Vite plugin configure it
 * (decision 034). The vars and secrets the worker reads come from this process's environment.
 *
 * workerd closes a connection after answering a request whose body the worker did not read (a
 * refusal before the body, a body over its limit) without saying `Connection: close`, so a
 * client that sends its next request on that connection meets a reset, and a client still
 * writing that body may lose the answer. Every local front that keeps connections to workerd
 * open meets it: `astro preview` answered 5–6 % of mixed requests with its own 500 ("fetch
 * failed"). Cloudflare's own front end is another program. So the listening socket here is
 * Node's, which keeps the client's connection as HTTP says, and each request goes to workerd
 * whole, on a connection of its own, closed after its answer.
 *
 * HOST and PORT say where it listens (127.0.0.1:4321; PORT=0 picks a free port). Started by
 * `npm run start:edge` (scripts/start.ts), it tells its address over IPC and stops when that
 * process goes, killed or not; SIGTERM and SIGINT stop it and workerd with it.
 */
const config = fileURLToPath(new URL('../dist-edge/server/wrangler.json', import.meta.url));
// The local tools stay off the network: no usage data, no request.cf lookup.
process.env['WRANGLER_SEND_METRICS'] = 'false';
process.env['CLOUDFLARE_CF_FETCH_ENABLED'] = 'false';

/** Headers of one hop, never passed on (RFC 9110, 7.6.1). */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'upgrade']);
const passedOn = (headers: IncomingHttpHeaders): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name)));

const { workerOptions, main } = unstable_getMiniflareWorkerOptions(config);
if (!main) throw new Error(`${config} names no main module: run npm run build:edge first.`);
// The build's modules as they are (no_bundle): the entry first, then every module beside it.
const { modulesRules = [], ...worker } = workerOptions;
const rootPath = dirname(main);
const entry = basename(main);
const modules = [
  { type: 'ESModule' as const, path: entry },
  ...modulesRules.flatMap(({ type, include }) =>
    globSync(include, { cwd: rootPath, exclude: [entry] }).map((path) => ({ type, path })),
  ),
];
const miniflare = new Miniflare(
  convertV4MiniflareOptions({
    host: '127.0.0.1',
    port: 0,
    log: new Log(LogLevel.WARN),
    workers: [{ ...worker, rootPath, modules }],
  }),
);
const workerd = await miniflare.ready;

/** Cloudflare's own bound on a request body (the Free and Pro plans): larger ones never reach a worker. */
const bodyLimit = 100 * 1024 * 1024;

/** The whole body the client sends, or undefined once it passes `bodyLimit`. */
async function bodyOf(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > bodyLimit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const server = createServer((req, res) => {
  // The body is read whole first and sent with the headers in one write, with its length: when
  // workerd answers before reading it and closes, nothing of it is still being written, so the
  // close cannot cut the answer off (a write into a closed connection fails the whole exchange).
  void bodyOf(req).then(
    (body) => {
      if (!body) {
        res.writeHead(413, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
        res.end('Payload Too Large');
        return;
      }
      const headers = passedOn(req.headers);
      delete headers['transfer-encoding'];
      if (body.length > 0 || headers['content-length'] !== undefined)
        headers['content-length'] = String(body.length);
      const forward = request(
        workerd,
        { method: req.method, path: req.url, headers, agent: false },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, passedOn(answer.headers));
          answer.pipe(res);
        },
      );
      forward.once('error', () => {
        if (res.headersSent) return void res.destroy();
        // The front's own failure: workerd is not there.
        res.writeHead(502, { 'content-type': 'application/json', connection: 'close' });
        res.end('{"error":"edgeRuntimeUnavailable"}');
      });
      forward.end(body);
    },
    () => res.destroy(),
  );
});

const host = process.env['HOST'] || '127.0.0.1';
try {
  await listenOn(server, Number(process.env['PORT'] ?? 4321), host, 'PORT');
} catch (error) {
  await miniflare.dispose();
  if (!(error instanceof PortUnavailableError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const address = server.address();
const siteUrl = `http://${host}:${typeof address === 'object' && address ? address.port : ''}`;
console.log(`Returns portal (edge, workerd): ${siteUrl}/returns`);
process.send?.({ siteUrl });

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeIdleConnections();
  void miniflare.dispose().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 5_000).unref();
}
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
// Started by `npm run start:edge`, which has gone without stopping it (killed): workerd goes too.
process.once('disconnect', stop);
