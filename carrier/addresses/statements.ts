/**
 * Prepared statements per database handle. The search builds its SQL from which fields were typed,
 * so the texts vary but repeat; preparing one costs more than running it. The cache lives as long as
 * the handle (a WeakMap), and is emptied when it grows past a bound rather than tracking use.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';

const maxStatements = 256;
const caches = new WeakMap<DatabaseSync, Map<string, StatementSync>>();

/** The prepared statement for `sql` on `db`, prepared on first use. */
export function cachedStatement(db: DatabaseSync, sql: string): StatementSync {
  let cache = caches.get(db);
  if (cache === undefined) {
    cache = new Map();
    caches.set(db, cache);
  }
  let statement = cache.get(sql);
  if (statement === undefined) {
    if (cache.size >= maxStatements) cache.clear();
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}
