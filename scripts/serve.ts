import { randomBytes } from 'node:crypto';
import type { RequestListener } from 'node:http';
import { fileURLToPath } from 'node:url';
import { listenOn, PortUnavailableError } from '@parcel-returns/listen';
import { ConfigurationError, loadSiteServerConfig, type SiteConfig } from '../src/server/config.ts';
import { stderrLogger } from '../src/server/log.ts';
import { createSiteServer, siteListener } from '../src/server/node/httpServer.ts';
import { startMetricsServer } from '../src/server/node/metricsServer.ts';

/**
 * The self-hosted site: the build's handler (@astrojs/node, built as `middleware`), with what the adapter
 * leaves to its host (decision 028): the environment checked before the first request, client
 * timeouts and the parser's refusals in JSON, the build's files precompressed, compression of
 * what is rendered, the security headers on the static files it sends, the metrics port, and a clean stop on SIGTERM. It needs a carrier API
 * (CARRIER_API_URL and its key). With one set, `npm start` is this process alone (decision 040);
 * without, the demo launcher (scripts/start.ts) starts the reference carrier beside it and learns
 * the site's address over IPC.
 */
const entry = new URL('../dist/server/entry.mjs', import.meta.url);
let config: SiteConfig;
try {
  config = loadSiteServerConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigurationError)) throw error;
  console.error(error.toLogLine());
  process.exit(1);
}
const { PORT: port, HOST: host } = config;

/** A port that cannot be opened ends the start with one line naming its variable, and nothing left open. */
async function orStop<T>(start: Promise<T>): Promise<T> {
  try {
    return await start;
  } catch (error) {
    if (!(error instanceof PortUnavailableError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const metrics = await orStop(startMetricsServer(config.METRICS_PORT, config.METRICS_HOST));
// One instance can make its own ALTCHA key; several behind a balancer must share one (docs/deploying.md).
process.env['ALTCHA_HMAC_KEY'] ||= randomBytes(32).toString('base64url');

// The adapter's handler, without the server it would start on its own. The build is a production
// build whatever started it: React and the rest load their production code (the development one
// renders a page several times slower).
process.env['ASTRO_NODE_AUTOSTART'] = 'disabled';
process.env['NODE_ENV'] = 'production';
const { handler } = (await import(entry.href)) as { handler: RequestListener };
// The adapter logs a rejection during a request with its stack, over several lines; the site logs
// every failure as one JSON line without one, so log readers and alerts see one shape.
process.removeAllListeners('unhandledRejection');
process.on('unhandledRejection', (reason) =>
  stderrLogger.error('unknownError', { detail: reason instanceof Error ? reason.message : String(reason) }),
);
process.on('uncaughtException', (error) => {
  stderrLogger.error('unknownError', { detail: error.message, fatal: true });
  process.exit(1);
});

// The build's files are sent from here, precompressed at build; the adapter's handler answers the rest.
const server = createSiteServer(
  siteListener(handler, fileURLToPath(new URL('../dist/client/', import.meta.url))),
);

await orStop(listenOn(server, port, host, 'PORT'));
const address = server.address();
const siteUrl = `http://${host === '0.0.0.0' ? 'localhost' : host}:${typeof address === 'object' && address ? address.port : port}`;
console.log(`Returns portal: ${siteUrl}/returns`);
if (config.CONTENT_EDITOR === 'on') console.log(`Content editor (HTTP Basic): ${siteUrl}/keystatic`);
const metricsAddress = metrics?.address();
if (typeof metricsAddress === 'object' && metricsAddress)
  console.log(`Metrics (Prometheus): http://${config.METRICS_HOST}:${metricsAddress.port}/metrics`);
process.send?.({ siteUrl });

/** Stops listening and ends once every request the server has is answered (5 s at most). */
function shutdown(signal: string) {
  console.log(`${signal}: closing`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  metrics?.close();
  metrics?.closeIdleConnections();
  setTimeout(() => process.exit(0), 5000).unref();
}
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
// Started by `npm start`, which has gone without stopping it (killed): the site goes too.
process.once('disconnect', () => shutdown('disconnect'));
