/**
 * Benchmarks the address suggestions at national scale: imports the full RÚIAN export into a
 * temporary database, then times realistic queries drawn from the imported data itself.
 *
 *   node scripts/bench-addresses.ts [archive] [--queries 2000]
 *
 * Then times the access-point search of the sent page over the whole demo network (bench/accessPoints.ts).
 * Exits non-zero when the 95th percentile of either reaches 10 ms. Not part of the test suite.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { addressCount, importAddresses, searchAddresses } from '../carrier/addresses/index.ts';
import type { AddressQuery } from '../carrier/addresses/index.ts';
import { timeAccessPoints, timingLine } from './bench/accessPoints.ts';
import { fullExport } from './bench/addresses.ts';

const budgetMs = 10;
const warmUp = 200;
const { values, positionals } = parseArgs({
  options: { queries: { type: 'string', default: '2000' } },
  allowPositionals: true,
});
const archive = positionals[0] ?? fullExport;
const queryCount = Number(values.queries);

const directory = mkdtempSync(join(tmpdir(), 'address-bench-'));
const dbPath = join(directory, 'carrier.sqlite');
const db = new DatabaseSync(dbPath);
// The same pragmas as the carrier's own database.
db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');

try {
  console.log(`Importing ${archive} …`);
  const imported = await importAddresses(db, archive);
  db.exec('PRAGMA wal_checkpoint(TRUNCATE);');
  const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(`import: ${imported.points} points (${addressCount(db)} stored) from ${imported.files} files`);
  console.log(`import time: ${(imported.ms / 1000).toFixed(1)} s`);
  console.log(`peak RSS: ${megabytes(process.resourceUsage().maxRSS * 1024)}`);
  console.log(`database size: ${megabytes(statSync(dbPath).size)}`);

  const nextQuery = createQueryMaker(db, 20231231);
  for (let index = 0; index < warmUp; index += 1) searchAddresses(db, nextQuery());
  const timings: { ms: number; query: string; hits: number }[] = [];
  for (let index = 0; index < queryCount; index += 1) {
    const query = nextQuery();
    const started = performance.now();
    const hits = searchAddresses(db, query).length;
    timings.push({ ms: performance.now() - started, query: JSON.stringify(query), hits });
  }
  timings.sort((a, b) => a.ms - b.ms);
  const at = (share: number) =>
    timings[Math.min(timings.length - 1, Math.floor(share * timings.length))]?.ms ?? 0;
  const empty = timings.filter((each) => each.hits === 0).length;
  console.log(`queries: ${timings.length} after ${warmUp} warm-up, ${empty} without suggestions`);
  console.log(
    `latency ms: p50 ${at(0.5).toFixed(2)}  p95 ${at(0.95).toFixed(2)}  p99 ${at(0.99).toFixed(2)}  max ${at(1).toFixed(2)}`,
  );
  console.log('slowest:');
  for (const each of timings.slice(-5).reverse()) console.log(`  ${each.ms.toFixed(2)} ms  ${each.query}`);
  if (at(0.95) >= budgetMs) {
    console.error(`p95 is over the ${budgetMs} ms budget`);
    process.exitCode = 1;
  }

  // Beside them, the access-point search of the sent page over the whole demo network.
  const places = await timeAccessPoints(db, queryCount);
  console.log(`access points: ${places.points} places, ${places.searches} searches after 200 warm-up`);
  console.log(timingLine('access-point search', places.inProcess));
  console.log(timingLine('access-point route', places.route));
  const placesP95 =
    [...places.inProcess].sort((a, b) => a - b)[Math.floor(0.95 * places.inProcess.length)] ?? 0;
  if (placesP95 >= budgetMs) {
    console.error(`the access-point search's p95 is over the ${budgetMs} ms budget`);
    process.exitCode = 1;
  }
} finally {
  db.close();
  rmSync(directory, { recursive: true, force: true });
}

/** Queries as people type them, drawn from random address points (so big streets come up more often). */
function createQueryMaker(db: DatabaseSync, seed: number): () => AddressQuery {
  let state = seed;
  // mulberry32: a small seeded generator, so every run times the same queries.
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const upTo = (n: number) => Math.floor(random() * n);
  const sizes = db
    .prepare('SELECT group_id AS id, count(*) AS n FROM address_points GROUP BY group_id')
    .all();
  const ids = sizes.map((row) => Number(row['id']));
  const ends: number[] = [];
  for (const row of sizes) ends.push((ends.at(-1) ?? 0) + Number(row['n']));
  const total = ends.at(-1) ?? 0;
  const groupRow = db.prepare('SELECT street, city, zip FROM address_groups WHERE id = ?');
  const houseRow = db.prepare(
    'SELECT house, reference FROM address_points WHERE group_id = ? LIMIT 1 OFFSET ?',
  );

  const pick = () => {
    const point = upTo(total);
    let low = 0;
    for (let high = ends.length - 1; low < high;) {
      const middle = (low + high) >> 1;
      if ((ends[middle] ?? 0) > point) high = middle;
      else low = middle + 1;
    }
    const id = ids[low] ?? 1;
    const group = groupRow.get(id) ?? {};
    const numbers = houseRow.get(id, point - (ends[low - 1] ?? 0)) ?? {};
    return {
      street: String(group['street']),
      city: String(group['city']),
      zip: String(group['zip']),
      house: String(numbers['house']),
      reference: String(numbers['reference'] ?? ''),
    };
  };
  // Half typed with diacritics, half without, as people on foreign keyboards do.
  const typed = (text: string, length: number) => {
    const cut = text.slice(0, length);
    return random() < 0.5 ? cut : cut.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  };

  return () => {
    const { street, city, zip, house, reference } = pick();
    const length = 2 + upTo(7);
    const kind = random();
    if (kind < 0.45) return { street: typed(street, length), calledFrom: 'Street' };
    if (kind < 0.65) {
      // Half of those who type a number know the one on the door (číslo orientační), where there is one.
      const known = reference !== '' && random() < 0.5 ? reference : house;
      const number = known.slice(0, 1 + upTo(known.length));
      return { street: `${typed(street, street.length)} ${number}`, calledFrom: 'Street' };
    }
    if (kind < 0.75)
      return { street: typed(street, length), city: typed(city, 3 + upTo(4)), calledFrom: 'Street' };
    if (kind < 0.9) return { city: typed(city, length), calledFrom: 'City' };
    const digits = zip.slice(0, 2 + upTo(4));
    return { zipCode: random() < 0.5 ? digits.replace(/^(\d{3})/, '$1 ') : digits, calledFrom: 'ZipCode' };
  };
}
