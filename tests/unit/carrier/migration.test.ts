import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations, openDatabase } from '../../../carrier/store/db.ts';
import { mailOfReturn } from '../../../carrier/store/outbox.ts';
import { parcelEvents } from '../../../carrier/store/parcelEvents.ts';

const dir = mkdtempSync(join(tmpdir(), 'migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a carrier database from before the parcel events', () => {
  it('keeps its returns and e-mails, and gives each Complete return its labelCreated', () => {
    const path = join(dir, 'carrier.sqlite');
    const old = new DatabaseSync(path);
    old.exec(migrations[0]!);
    old.exec('PRAGMA user_version = 1');
    old.exec(`INSERT INTO return_pages (id, token, title, prepaid_driver_pickup, addresses, created_at)
              VALUES (1, 'token-token-token-1', 'Shop', 0, '[]', 1);
              INSERT INTO returns (id, batch_id, page_id, request_hash, request, language, state, created_at, updated_at)
              VALUES (1, 'b1', 1, 'h', '{}', 'cs', 'Complete', 1, 5), (2, 'b2', 1, 'h', '{}', 'cs', 'Error', 1, 5);
              INSERT INTO return_events (return_id, state, at)
              VALUES (1, 'Accepted', 1), (1, 'Complete', 5), (2, 'Accepted', 1), (2, 'Error', 5);
              INSERT INTO outbox (return_id, recipient, status, next_attempt_at, created_at, message_id)
              VALUES (1, 'a@example.cz', 'sent', 5, 5, '<m>');`);
    old.close();

    const db = openDatabase(path);
    expect(parcelEvents(db, 1)).toEqual([{ id: 1, returnId: 1, type: 'labelCreated', place: null, at: 5 }]);
    expect(parcelEvents(db, 2)).toEqual([]);
    expect(mailOfReturn(db, 1)).toMatchObject({ kind: 'label', status: 'sent', messageId: '<m>' });
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: migrations.length });
    db.close();
  });
});
