import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * Schema migrations, applied in order and recorded in `user_version`. Append only:
 * a released migration is never edited, so every existing file can be brought forward.
 */
export const migrations: string[] = [
  `CREATE TABLE return_pages (
     id INTEGER PRIMARY KEY,
     token TEXT NOT NULL UNIQUE,
     title TEXT NOT NULL,
     prepaid_driver_pickup INTEGER NOT NULL,
     addresses TEXT NOT NULL,
     import_outcome TEXT NOT NULL DEFAULT 'complete' CHECK (import_outcome IN ('complete', 'error')),
     expires_at INTEGER,
     created_at INTEGER NOT NULL
   );
   CREATE TABLE returns (
     id INTEGER PRIMARY KEY,
     batch_id TEXT NOT NULL UNIQUE,
     page_id INTEGER NOT NULL REFERENCES return_pages (id),
     idempotency_key TEXT,
     request_hash TEXT NOT NULL,
     request TEXT NOT NULL,
     language TEXT NOT NULL,
     state TEXT NOT NULL CHECK (state IN ('Accepted', 'InProcess', 'Complete', 'Error')),
     error_reason TEXT,
     smart_pin TEXT,
     shipment_number TEXT UNIQUE,
     label_guid TEXT UNIQUE,
     lease_until INTEGER,
     attempts INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     UNIQUE (page_id, idempotency_key)
   );
   CREATE INDEX returns_pending ON returns (state, lease_until) WHERE state IN ('Accepted', 'InProcess');
   CREATE TABLE return_events (
     id INTEGER PRIMARY KEY,
     return_id INTEGER NOT NULL REFERENCES returns (id),
     state TEXT NOT NULL,
     note TEXT,
     at INTEGER NOT NULL
   );
   CREATE INDEX return_events_by_return ON return_events (return_id);
   CREATE TABLE labels (
     guid TEXT NOT NULL,
     format TEXT NOT NULL CHECK (format IN ('label', 'a4')),
     return_id INTEGER NOT NULL REFERENCES returns (id),
     filename TEXT NOT NULL,
     pdf BLOB NOT NULL,
     created_at INTEGER NOT NULL,
     PRIMARY KEY (guid, format)
   );
   CREATE TABLE outbox (
     id INTEGER PRIMARY KEY,
     return_id INTEGER NOT NULL UNIQUE REFERENCES returns (id),
     recipient TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     last_error TEXT,
     message_id TEXT,
     sent_at INTEGER,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX outbox_due ON outbox (status, next_attempt_at) WHERE status = 'pending';`,
  // Issue 31: the parcel's journey after its label, and an e-mail for some of its steps. The outbox
  // is rebuilt because a return now has one e-mail per kind, not one in all.
  `CREATE TABLE parcel_events (
     id INTEGER PRIMARY KEY,
     return_id INTEGER NOT NULL REFERENCES returns (id),
     type TEXT NOT NULL CHECK (type IN ('labelCreated', 'handedOver', 'inTransit', 'delivered', 'notCollected', 'returned')),
     place TEXT,
     at INTEGER NOT NULL,
     UNIQUE (return_id, type)
   );
   INSERT INTO parcel_events (return_id, type, at)
     SELECT return_id, 'labelCreated', MIN(at) FROM return_events WHERE state = 'Complete' GROUP BY return_id;
   ALTER TABLE returns ADD COLUMN demo_progress INTEGER NOT NULL DEFAULT 0;
   CREATE TABLE outbox_by_kind (
     id INTEGER PRIMARY KEY,
     return_id INTEGER NOT NULL REFERENCES returns (id),
     kind TEXT NOT NULL DEFAULT 'label' CHECK (kind IN ('label', 'handedOver', 'delivered')),
     recipient TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     last_error TEXT,
     message_id TEXT,
     sent_at INTEGER,
     created_at INTEGER NOT NULL,
     UNIQUE (return_id, kind)
   );
   INSERT INTO outbox_by_kind (id, return_id, recipient, status, attempts, next_attempt_at, last_error, message_id, sent_at, created_at)
     SELECT id, return_id, recipient, status, attempts, next_attempt_at, last_error, message_id, sent_at, created_at FROM outbox;
   DROP TABLE outbox;
   ALTER TABLE outbox_by_kind RENAME TO outbox;
   CREATE INDEX outbox_due ON outbox (status, next_attempt_at) WHERE status = 'pending';`,
  // A page whose returns the back office holds: accepted, then left waiting until it is released.
  `ALTER TABLE return_pages ADD COLUMN held INTEGER NOT NULL DEFAULT 0;`,
];

/** Opens (creating if needed) the carrier's SQLite file and brings its schema up to date. */
export function openDatabase(path: string): DatabaseSync {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;',
  );
  migrate(db);
  return db;
}

function migrate(db: DatabaseSync): void {
  const { user_version: current } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  for (let version = current; version < migrations.length; version += 1) {
    transaction(db, () => {
      db.exec(migrations[version] as string);
      db.exec(`PRAGMA user_version = ${version + 1}`);
    });
  }
}

/** Runs `work` in one IMMEDIATE transaction: all of it is stored, or none. */
export function transaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
