import { randomBytes } from 'node:crypto';
import { parseCarrierConfig } from './config.ts';
import { consoleLogger } from './log.ts';
import { startCarrier, type CarrierService } from './service.ts';

/**
 * Starts the reference carrier inside the calling process (the site server, or `astro dev`)
 * and points the site's endpoints at it through the environment. With CARRIER_API_KEY set
 * it uses that key; otherwise it makes one.
 */
export async function startEmbeddedCarrier(env: NodeJS.ProcessEnv = process.env): Promise<CarrierService> {
  const apiKey = env['CARRIER_API_KEY'] || randomBytes(24).toString('base64url');
  const carrier = await startCarrier(parseCarrierConfig({ ...env, CARRIER_API_KEY: apiKey }), consoleLogger);
  env['CARRIER_API_URL'] = carrier.url;
  env['CARRIER_API_KEY'] = apiKey;
  return carrier;
}
