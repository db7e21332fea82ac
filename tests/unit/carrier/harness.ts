import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCarrierConfig } from '../../../carrier/config.ts';
import { silentLogger } from '../../../carrier/log.ts';
import { seedDemoPages } from '../../../carrier/seed.ts';
import { startCarrier, type CarrierService } from '../../../carrier/service.ts';

export { sender, tokens } from './fixtures.ts';

export const apiKey = 'test-key-0123456789abcdef';

/** A real carrier service on free ports with its own database file, as a test starts it. */
export async function startTestCarrier(): Promise<{
  carrier: CarrierService;
  dir: string;
  stop: () => Promise<void>;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'carrier-'));
  const carrier = await startCarrier(
    parseCarrierConfig({
      CARRIER_PORT: '0',
      CARRIER_SMTP_PORT: '0',
      CARRIER_API_KEY: apiKey,
      CARRIER_DB_PATH: join(dir, 'carrier.sqlite'),
      CARRIER_PROCESSING_DELAY_MS: '0',
    }),
    silentLogger,
  );
  seedDemoPages(carrier.db);
  return {
    carrier,
    dir,
    stop: async () => {
      await carrier.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
