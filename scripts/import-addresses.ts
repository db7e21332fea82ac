/**
 * Imports RÚIAN address points into the carrier's SQLite file, replacing the previous ones.
 *
 *   node scripts/import-addresses.ts [source] [--db path]
 *
 * source: a ČÚZK address-point .csv (or .csv.gz), a directory of *_ADR.csv files or the national
 * .tar.xz export; by default the embedded Plzeň extract. The database defaults to CARRIER_DB_PATH,
 * else data/carrier.sqlite.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { defaultAddressData, importAddresses } from '../carrier/addresses/index.ts';

const { values, positionals } = parseArgs({
  options: { db: { type: 'string' } },
  allowPositionals: true,
});
const source = positionals[0] ?? defaultAddressData;
const dbPath = values.db ?? process.env['CARRIER_DB_PATH'] ?? 'data/carrier.sqlite';
const count = new Intl.NumberFormat('en-US');

mkdirSync(dirname(dbPath), { recursive: true });
const db = new DatabaseSync(dbPath);
// The carrier opens the file in WAL mode too, so it keeps answering while this runs beside it.
db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');

try {
  console.log(`Importing address points from ${source} into ${dbPath} …`);
  const result = await importAddresses(db, source, {
    onProgress: (points) => {
      if (process.stdout.isTTY) process.stdout.write(`\r  ${count.format(points)} points`);
    },
  });
  if (process.stdout.isTTY) process.stdout.write('\n');
  console.log(
    `Imported ${count.format(result.points)} address points from ${count.format(result.files)} ` +
      `file(s) in ${(result.ms / 1000).toFixed(1)} s.`,
  );
  console.log(
    source === defaultAddressData
      ? 'Hint: for the whole country, pass the ČÚZK export of address points (CSV, .tar.xz), e.g. ' +
          'node scripts/import-addresses.ts ruian-adresni-mista-20231231.tar.xz'
      : 'Hint: run without a source to go back to the embedded Plzeň extract.',
  );
  console.log('Address data: ČÚZK, RÚIAN, CC BY 4.0.');
} catch (error) {
  console.error(
    `Address import failed, the previous addresses are kept: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  db.close();
}
