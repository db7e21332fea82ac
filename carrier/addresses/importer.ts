/**
 * Imports address points into staging tables and swaps them in at the end, in one short
 * transaction, so searches keep answering from the old data during an import and a failed import
 * leaves it untouched. Rows are written in batches, each in its own transaction that opens and closes
 * without awaiting, so the connection is never left inside a transaction that other code could trip on.
 */
import type { DatabaseSync } from 'node:sqlite';
import { searchKey } from './normalize.ts';
import type { AddressPoint } from './ruianCsv.ts';
import { dataTablesSql, ensureAddressSchema, groupIndexesSql, stagingSuffix, tables } from './schema.ts';
import { readAddressSource } from './sources.ts';

export interface ImportOptions {
  /** Points per write transaction; larger is faster and holds more in memory. */
  batchSize?: number;
  /** Called after every batch written, for progress output. */
  onProgress?: (points: number) => void;
}

export interface ImportResult {
  files: number;
  points: number;
  ms: number;
}

const groupsNext = `${tables.groups}${stagingSuffix}`;
const pointsNext = `${tables.points}${stagingSuffix}`;
const dropStaging = `DROP TABLE IF EXISTS ${pointsNext}; DROP TABLE IF EXISTS ${groupsNext};`;
// Two imports into one database would share the staging tables.
const importing = new WeakSet<DatabaseSync>();

/** Replaces all address data with the points of `source` (a .csv, .csv.gz, .tar.xz or directory). */
export async function importAddresses(
  db: DatabaseSync,
  source: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  if (importing.has(db)) throw new Error('An address import into this database is already running');
  const started = performance.now();
  importing.add(db);
  try {
    ensureAddressSchema(db);
    db.exec(`${dropStaging} ${dataTablesSql(stagingSuffix)}`);
    const writer = createWriter(db, options);
    const files = await readAddressSource(source, writer.add);
    const points = writer.flush();
    if (points === 0) throw new Error(`${source}: no address points found`);
    swapIn(db, { source, files, points });
    return { files, points, ms: Math.round(performance.now() - started) };
  } catch (error) {
    db.exec(dropStaging);
    throw error;
  } finally {
    importing.delete(db);
  }
}

function createWriter(db: DatabaseSync, { batchSize = 20_000, onProgress }: ImportOptions) {
  const insertGroup = db.prepare(
    `INSERT INTO ${groupsNext} (id, street, city, zip, street_key, street_len, city_key, city_len)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertPoint = db.prepare(
    `INSERT INTO ${pointsNext} (group_id, house_len, house, evidence, reference_num, reference, code)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  // Groups are few (about 87,000 nationwide), so their ids stay in memory for the whole import.
  const groups = new Map<string, number>();
  let pending: AddressPoint[] = [];
  let written = 0;

  const groupOf = (point: AddressPoint): number => {
    const name = `${point.street}\n${point.city}\n${point.zipCode}`;
    let id = groups.get(name);
    if (id === undefined) {
      id = groups.size + 1;
      // A copy, because the parsed strings are slices that would keep whole input chunks alive.
      groups.set(Buffer.from(name).toString(), id);
      const streetKey = searchKey(point.street);
      const cityKey = searchKey(point.city);
      insertGroup.run(
        id,
        point.street,
        point.city,
        point.zipCode,
        streetKey,
        streetKey.length,
        cityKey,
        cityKey.length,
      );
    }
    return id;
  };

  const flush = (): number => {
    if (pending.length === 0) return written;
    db.exec('BEGIN');
    try {
      for (const point of pending) {
        const reference = point.referenceNumber ?? '';
        const referenceNumber = Number.parseInt(reference, 10);
        const house = point.houseNumber;
        const evidence = point.evidence ? 1 : 0;
        insertPoint.run(
          groupOf(point),
          house.length,
          house,
          evidence,
          referenceNumber || 0,
          reference,
          point.code,
        );
      }
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
    written += pending.length;
    pending = [];
    onProgress?.(written);
    return written;
  };

  const add = (points: AddressPoint[]): void => {
    for (const point of points) pending.push(point);
    if (pending.length >= batchSize) flush();
  };

  return { add, flush };
}

function swapIn(db: DatabaseSync, imported: { source: string; files: number; points: number }): void {
  db.exec('BEGIN');
  try {
    db.exec(`DROP TABLE ${tables.points}; DROP TABLE ${tables.groups};
      ALTER TABLE ${groupsNext} RENAME TO ${tables.groups};
      ALTER TABLE ${pointsNext} RENAME TO ${tables.points};
      ${groupIndexesSql}`);
    db.prepare(
      `INSERT OR REPLACE INTO address_imports (id, source, files, points, imported_at)
       VALUES (1, ?, ?, ?, ?)`,
    ).run(imported.source, imported.files, imported.points, new Date().toISOString());
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
