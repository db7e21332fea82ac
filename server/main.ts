import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { ConfigurationError, loadServerConfig, type ServerConfig } from './config.ts';
import { createSiteListener, type AstroHandler } from './site.ts';
import { loadStaticFiles, readBuildHeaders } from './staticFiles.ts';

/**
 * Starts the site: the built pages and assets from memory, the on-demand endpoints
 * through Astro's handler. `npm start` builds first and execs this file.
 */
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
let config: ServerConfig;
try {
  config = loadServerConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigurationError)) throw error;
  console.error(JSON.stringify({ code: error.code, message: error.message, fields: error.fields }));
  process.exit(1);
}
const { port, host } = { port: config.PORT, host: config.HOST };

const { handler } = (await import(new URL('server/entry.mjs', `file://${dist}`).href)) as {
  handler: AstroHandler;
};
const files = await loadStaticFiles(`${dist}client`, await readBuildHeaders(`${dist}_headers.json`));
const server = createServer(createSiteListener(files, handler));

server.listen(port, host, () => {
  const address = server.address();
  const shown = typeof address === 'object' && address ? address.port : port;
  console.log(`Returns portal: http://${host === '0.0.0.0' ? 'localhost' : host}:${shown}/returns`);
});

function shutdown(signal: string) {
  console.log(`${signal}: closing`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5000).unref();
}
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
