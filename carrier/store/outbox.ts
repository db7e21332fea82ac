import type { DatabaseSync } from 'node:sqlite';

/**
 * The e-mail outbox: one row per e-mail of a return and kind, queued in the same transaction as
 * what it tells (the label with the Complete state, a step of the parcel with its event). Sending is retried with growing pauses; a send that keeps failing ends
 * as `failed`, visible to the operator, and never changes the return's own state.
 */
/** What an e-mail tells: the label, the parcel handed over, or the parcel delivered to the shop. */
export type MailKind = 'label' | 'handedOver' | 'delivered';

export interface OutboxEntry {
  id: number;
  returnId: number;
  kind: MailKind;
  recipient: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  messageId: string | null;
}

interface Row {
  id: number;
  return_id: number;
  kind: MailKind;
  recipient: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  message_id: string | null;
}

const fromRow = (row: Row): OutboxEntry => ({
  id: row.id,
  returnId: row.return_id,
  kind: row.kind,
  recipient: row.recipient,
  status: row.status,
  attempts: row.attempts,
  lastError: row.last_error,
  messageId: row.message_id,
});

/** Queues an e-mail of this kind for a return, once: a second one of the same kind is not queued. */
export function queueMail(
  db: DatabaseSync,
  returnId: number,
  kind: MailKind,
  recipient: string,
  now = Date.now(),
): void {
  db.prepare(
    `INSERT INTO outbox (return_id, kind, recipient, status, next_attempt_at, created_at)
     VALUES (?, ?, ?, 'pending', ?, ?) ON CONFLICT (return_id, kind) DO NOTHING`,
  ).run(returnId, kind, recipient, now, now);
}

/** The oldest pending e-mail whose time has come, pushed back by `holdMs` so no other loop takes it meanwhile. */
export function takeDueMail(db: DatabaseSync, holdMs: number, now = Date.now()): OutboxEntry | undefined {
  const row = db
    .prepare(
      `UPDATE outbox SET next_attempt_at = ?
       WHERE id = (SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY id LIMIT 1)
       RETURNING *`,
    )
    .get(now + holdMs, now) as Row | undefined;
  return row && fromRow(row);
}

/** Records a successful send. */
export function markMailSent(db: DatabaseSync, id: number, messageId: string, now = Date.now()): void {
  db.prepare(
    "UPDATE outbox SET status = 'sent', attempts = attempts + 1, message_id = ?, sent_at = ?, last_error = NULL WHERE id = ?",
  ).run(messageId, now, id);
}

/** Records a failed send: retried after `retryInMs`, or given up after `maxAttempts`. */
export function markMailFailed(
  db: DatabaseSync,
  entry: OutboxEntry,
  error: string,
  retryInMs: number,
  maxAttempts: number,
  now = Date.now(),
): void {
  const attempts = entry.attempts + 1;
  db.prepare(
    'UPDATE outbox SET attempts = ?, last_error = ?, status = ?, next_attempt_at = ? WHERE id = ?',
  ).run(
    attempts,
    error.slice(0, 500),
    attempts >= maxAttempts ? 'failed' : 'pending',
    now + retryInMs,
    entry.id,
  );
}

/** The outbox entry of a return's e-mail of this kind (its label's by default), if it has one. */
export function mailOfReturn(
  db: DatabaseSync,
  returnId: number,
  kind: MailKind = 'label',
): OutboxEntry | undefined {
  const row = db.prepare('SELECT * FROM outbox WHERE return_id = ? AND kind = ?').get(returnId, kind) as
    Row | undefined;
  return row && fromRow(row);
}
