import { PortUnavailableError } from '../src/lib/listen.ts';
import { parseCarrierConfig } from './config.ts';
import { consoleLogger } from './log.ts';
import { returnLink, seedDemoPages } from './seed.ts';
import { startCarrier } from './service.ts';

/**
 * Runs the reference carrier service on its own (`npm run carrier`). `npm start` runs the
 * same service inside the site's process when CARRIER_API_URL is not set.
 */
let config;
try {
  config = parseCarrierConfig(process.env);
} catch (error) {
  console.error(
    JSON.stringify({
      code: 'configurationParameterLoadFailed',
      message: (error as Error).message,
      fields: (error as { fields?: string[] }).fields,
    }),
  );
  process.exit(1);
}

const carrier = await startCarrier(config, consoleLogger).catch((error: unknown) => {
  if (!(error instanceof PortUnavailableError)) throw error;
  console.error(error.message);
  process.exit(1);
});
console.log(`Carrier API: ${carrier.url}`);
for (const demo of seedDemoPages(carrier.db)) {
  console.log(`${returnLink(config.SITE_URL, demo.token)}    ${demo.note}`);
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void carrier.close().then(() => process.exit(0));
  });
}
