/**
 * Address suggestions for the reference carrier's `GET /AddressWhisper`, from the real RÚIAN address
 * points (ČÚZK, CC BY 4.0). The caller owns the SQLite handle: `ensureAddressSchema` on start,
 * `importAddresses` to load or replace the data, `searchAddresses` per call.
 */
import { fileURLToPath } from 'node:url';

export { ensureAddressSchema, addressCount } from './schema.ts';
export { importAddresses, type ImportOptions, type ImportResult } from './importer.ts';
export { searchAddresses } from './search.ts';
export type { AddressQuery } from './query.ts';
export { RuianFormatError } from './ruianCsv.ts';

/** The embedded default: every address point of Plzeň (municipality 554791) in the ČÚZK CSV format. */
export const defaultAddressData = fileURLToPath(
  new URL('../data/ruian-554791-plzen.csv.gz', import.meta.url),
);
