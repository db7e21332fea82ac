import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { parseCarrierConfig } from '../carrier/config.ts';
import { consoleLogger } from '../carrier/log.ts';
import { returnLink, seedDemoPages } from '../carrier/seed.ts';
import { startCarrier, type CarrierService } from '../carrier/service.ts';
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

await new Promise<void>((resolve) => server.listen(port, host, resolve));
const address = server.address();
const siteUrl = `http://${host === '0.0.0.0' ? 'localhost' : host}:${typeof address === 'object' && address ? address.port : port}`;
console.log(`Returns portal: ${siteUrl}/returns`);

// Without a carrier URL the embedded reference carrier runs in this process, with a key made now.
let carrier: CarrierService | undefined;
if (!config.CARRIER_API_URL) {
  carrier = await startCarrier(
    parseCarrierConfig({
      ...process.env,
      CARRIER_API_KEY: randomBytes(24).toString('base64url'),
      SITE_URL: siteUrl,
    }),
    consoleLogger,
  );
  console.log(`Embedded carrier service: ${carrier.url} (mail inbox: ${carrier.url}/_mail)`);
  console.log('Demo return links:');
  for (const demo of seedDemoPages(carrier.db))
    console.log(`  ${returnLink(siteUrl, demo.token)}    ${demo.note}`);
}

function shutdown(signal: string) {
  console.log(`${signal}: closing`);
  server.close(() => {
    void (carrier?.close() ?? Promise.resolve()).then(() => process.exit(0));
  });
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5000).unref();
}
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
