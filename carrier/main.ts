import { PortUnavailableError } from '@parcel-returns/listen';
import { parseCarrierConfig } from './config.ts';
import { consoleLogger } from './log.ts';
import { returnLink, seedDemoPages } from './seed.ts';
import { startCarrier } from './service.ts';

/**
 * Runs the reference carrier service as a process of its own: `npm run carrier`, or `npm start`
 * (scripts/start.ts) beside the site when CARRIER_API_URL is not set. Started by `npm start`, it
 * tells its URL over the IPC channel, and `npm start` prints the demo links with the site's URL.
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
const demos = seedDemoPages(carrier.db);
if (process.send) {
  process.send({ carrierUrl: carrier.url });
} else {
  console.log(`Carrier API: ${carrier.url}`);
  for (const demo of demos) console.log(`${returnLink(config.SITE_URL, demo.token)}    ${demo.note}`);
}

// Started by `npm start`, which has gone without stopping it (killed): the carrier goes too.
process.once('disconnect', () => void carrier.close().then(() => process.exit(0)));
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void carrier.close().then(() => process.exit(0));
  });
}
