import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { listenOn, PortUnavailableError } from '../src/lib/listen.ts';
import { ConfigurationError, loadSiteServerConfig, type SiteConfig } from '../src/server/config.ts';
import { stderrLogger } from '../src/server/log.ts';
import { createSiteServer } from './httpServer.ts';
import { startMetricsServer } from './metricsServer.ts';
import { createSiteListener, type AstroHandler } from './site.ts';
import { loadStaticFiles, readBuildHeaders } from './staticFiles.ts';

/**
 * Starts the site: the built pages and assets from memory, the on-demand endpoints
 * through Astro's handler. It needs a carrier API (CARRIER_API_URL and its key): `npm start`
 * (scripts/start.ts) builds first, starts the reference carrier beside it when none is set, and
 * starts this file; it learns the site's address over the IPC channel.
 */
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
let config: SiteConfig;
try {
  config = loadSiteServerConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigurationError)) throw error;
  console.error(error.toLogLine());
  process.exit(1);
}
const { port, host } = { port: config.PORT, host: config.HOST };

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

const { handler } = (await import(new URL('server/entry.mjs', `file://${dist}`).href)) as {
  handler: AstroHandler;
};
// Astro's adapter logs a rejection during a request with its stack, over several lines; the site logs
// every failure as one JSON line without one, so log readers and alerts see one shape.
process.removeAllListeners('unhandledRejection');
process.on('unhandledRejection', (reason) =>
  stderrLogger.error('unknownError', { detail: reason instanceof Error ? reason.message : String(reason) }),
);
process.on('uncaughtException', (error) => {
  stderrLogger.error('unknownError', { detail: error.message, fatal: true });
  process.exit(1);
});
const files = await loadStaticFiles(`${dist}client`, await readBuildHeaders(`${dist}_headers.json`));
const editorCredentials = config.CONTENT_EDITOR === 'on' ? config.CONTENT_EDITOR_CREDENTIALS : undefined;
const server = createSiteServer(createSiteListener(files, handler, { editorCredentials }));

await orStop(listenOn(server, port, host, 'PORT'));
const address = server.address();
const siteUrl = `http://${host === '0.0.0.0' ? 'localhost' : host}:${typeof address === 'object' && address ? address.port : port}`;
console.log(`Returns portal: ${siteUrl}/returns`);
if (editorCredentials) console.log(`Content editor (HTTP Basic): ${siteUrl}/keystatic`);
const metricsAddress = metrics?.address();
if (typeof metricsAddress === 'object' && metricsAddress)
  console.log(`Metrics (Prometheus): http://${config.METRICS_HOST}:${metricsAddress.port}/metrics`);
process.send?.({ siteUrl });

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
