/**
 * The address tables, in the carrier's one SQLite file. They sit beside the carrier's own migrated
 * tables and are owned by this module alone: an import rebuilds them from scratch, so they need no
 * migrations, only `CREATE … IF NOT EXISTS`.
 *
 * - `address_groups`: one row per street (or village part) within a city and zip code, about 87,000
 *   for the whole country, with the folded search keys and their lengths. Its three indexes each lead
 *   with the field a query is typed into, in the order results are ranked, so a search walks one index
 *   and stops after the tenth hit instead of sorting.
 * - `address_points`: the 2.75 million house numbers, clustered by group and in numeric house order
 *   (digit count, then digits), so the points of a group come out ranked without a sort either. A
 *   partial index finds the points of a group by orientation number; only about one in eight has one.
 * - `address_imports`: what the current data came from, and its point count.
 */
import type { DatabaseSync } from 'node:sqlite';

export const tables = { groups: 'address_groups', points: 'address_points' } as const;
export const stagingSuffix = '_next';

/** The DDL of the two data tables under a name suffix ('' live, '_next' while an import builds them). */
export function dataTablesSql(suffix: string): string {
  return `
    CREATE TABLE IF NOT EXISTS ${tables.groups}${suffix} (
      id INTEGER PRIMARY KEY,
      street TEXT NOT NULL,
      city TEXT NOT NULL,
      zip TEXT NOT NULL,
      street_key TEXT NOT NULL,
      street_len INTEGER NOT NULL,
      city_key TEXT NOT NULL,
      city_len INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS ${tables.points}${suffix} (
      group_id INTEGER NOT NULL,
      house_len INTEGER NOT NULL,
      house TEXT NOT NULL,
      evidence INTEGER NOT NULL,
      reference_num INTEGER NOT NULL,
      reference TEXT NOT NULL,
      code INTEGER NOT NULL,
      PRIMARY KEY (group_id, house_len, house, evidence, reference_num, reference, code)
    ) WITHOUT ROWID;`;
}

/** The group indexes and the points' orientation-number index; built after the bulk load, when they are cheapest to build. */
export const groupIndexesSql = `
  CREATE INDEX IF NOT EXISTS address_groups_by_street
    ON ${tables.groups} (street_len, street_key, city_key, zip, id);
  CREATE INDEX IF NOT EXISTS address_groups_by_city
    ON ${tables.groups} (city_len, city_key, zip, street_key, id);
  CREATE INDEX IF NOT EXISTS address_groups_by_zip
    ON ${tables.groups} (zip, city_key, street_key, id);
  CREATE INDEX IF NOT EXISTS ${tables.points}_by_reference
    ON ${tables.points} (group_id, reference) WHERE reference <> '';`;

/** Creates the address tables and indexes when they are missing; safe on every start. */
export function ensureAddressSchema(db: DatabaseSync): void {
  db.exec(`${dataTablesSql('')}
    ${groupIndexesSql}
    CREATE TABLE IF NOT EXISTS address_imports (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      source TEXT NOT NULL,
      files INTEGER NOT NULL,
      points INTEGER NOT NULL,
      imported_at TEXT NOT NULL
    );`);
}

/** How many address points the current data holds (0 before the first import). */
export function addressCount(db: DatabaseSync): number {
  const row = db.prepare('SELECT points FROM address_imports WHERE id = 1').get();
  return typeof row?.['points'] === 'number' ? row['points'] : 0;
}
