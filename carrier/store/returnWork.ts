import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { ImportState } from '@parcel-returns/contract';
import { transaction } from './db.ts';
import { queueMail } from './outbox.ts';
import { recordLabelCreated } from './parcelEvents.ts';
import { fromRow, recordEvent, shipmentNumberFor, type Row, type StoredReturn } from './returns.ts';

/*
 * The worker's side of a return: claiming it under a lease, finishing it, or giving it back.
 * A lease that runs out (the process died) makes the return claimable again, and finishing
 * checks the lease in the same transaction, so no return is finished twice.
 */

/**
 * Takes the oldest return waiting for work (or whose lease ran out) and leases it to the caller;
 * the returns of a held page wait (`holdReturns`).
 */
export function claimNextReturn(
  db: DatabaseSync,
  leaseMs: number,
  now = Date.now(),
): StoredReturn | undefined {
  return transaction(db, () => {
    const row = db
      .prepare(
        `UPDATE returns SET state = 'InProcess', lease_until = ?, attempts = attempts + 1, updated_at = ?
         WHERE id = (SELECT id FROM returns
                     WHERE (state = 'Accepted' OR (state = 'InProcess' AND lease_until < ?))
                       AND page_id NOT IN (SELECT id FROM return_pages WHERE held = 1)
                     ORDER BY id LIMIT 1)
         RETURNING *`,
      )
      .get(now + leaseMs, now, now) as Row | undefined;
    if (!row) return undefined;
    recordEvent(db, row.id, 'InProcess', now, row.attempts > 1 ? `attempt ${row.attempts}` : undefined);
    return fromRow(row);
  });
}

/**
 * Holds the returns of the page of `token` (accepted, never worked on) or releases them: a back
 * office that is slow today, on demand, so that what a sender sees while a label is prepared can
 * be shown and tested at will. False when there is no such page.
 */
export function holdReturns(db: DatabaseSync, token: string, held: boolean): boolean {
  const changed = db
    .prepare('UPDATE return_pages SET held = ? WHERE token = ?')
    .run(held ? 1 : 0, token).changes;
  return Number(changed) > 0;
}

/** Lets every lease run out now: on start, work a previous process held is picked up again. */
export function releaseLeases(db: DatabaseSync): number {
  return Number(db.prepare("UPDATE returns SET lease_until = 0 WHERE state = 'InProcess'").run().changes);
}

function stillLeased(db: DatabaseSync, claimed: StoredReturn): boolean {
  const row = db.prepare('SELECT state, lease_until FROM returns WHERE id = ?').get(claimed.id) as
    { state: ImportState; lease_until: number | null } | undefined;
  return row?.state === 'InProcess' && row.lease_until === claimed.leaseUntil;
}

/**
 * Finishes a claimed return as Complete: stores its label PDFs, queues its e-mail and records
 * the state and the parcel's first event, all or nothing. With `demoProgress` the demo moves its
 * parcel along later. False when the lease was lost (another run finished it).
 */
export function completeReturn(
  db: DatabaseSync,
  claimed: StoredReturn,
  labels: { format: 'label' | 'a4'; filename: string; pdf: Uint8Array }[],
  now = Date.now(),
  options: { demoProgress?: boolean } = {},
): boolean {
  return transaction(db, () => {
    if (!stillLeased(db, claimed)) return false;
    const labelGuid = randomUUID();
    for (const label of labels) {
      db.prepare(
        'INSERT INTO labels (guid, format, return_id, filename, pdf, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(labelGuid, label.format, claimed.id, label.filename, label.pdf, now);
    }
    db.prepare(
      `UPDATE returns SET state = 'Complete', label_guid = ?, shipment_number = ?, lease_until = NULL,
         demo_progress = ?, updated_at = ?
       WHERE id = ?`,
    ).run(labelGuid, shipmentNumberFor(claimed.id), options.demoProgress ? 1 : 0, now, claimed.id);
    queueMail(db, claimed.id, 'label', claimed.request.sender.email, now);
    recordEvent(db, claimed.id, 'Complete', now);
    recordLabelCreated(db, claimed.id, now);
    return true;
  });
}

/** Finishes a claimed return as Error with a reason the operator can read. */
export function failReturn(
  db: DatabaseSync,
  claimed: StoredReturn,
  reason: string,
  now = Date.now(),
): boolean {
  return transaction(db, () => {
    if (!stillLeased(db, claimed)) return false;
    db.prepare(
      "UPDATE returns SET state = 'Error', error_reason = ?, lease_until = NULL, updated_at = ? WHERE id = ?",
    ).run(reason, now, claimed.id);
    recordEvent(db, claimed.id, 'Error', now, reason);
    return true;
  });
}

/** Gives a claimed return back to be claimed again after `delayMs` (a failed attempt). */
export function postponeReturn(
  db: DatabaseSync,
  claimed: StoredReturn,
  delayMs: number,
  now = Date.now(),
): void {
  db.prepare(
    "UPDATE returns SET lease_until = ? WHERE id = ? AND state = 'InProcess' AND lease_until = ?",
  ).run(now + delayMs, claimed.id, claimed.leaseUntil);
}
