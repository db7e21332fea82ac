import type { DatabaseSync } from 'node:sqlite';

/**
 * The e-mail outbox: one row per Complete return, queued in the same transaction that
 * completed it. Sending is retried with growing pauses; a send that keeps failing ends
 * as `failed`, visible to the operator, and never changes the return's own state.
 */
export interface OutboxEntry {
  id: number;
  returnId: number;
  recipient: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  messageId: string | null;
}

interface Row {
  id: number;
  return_id: number;
  recipient: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  message_id: string | null;
}

const fromRow = (row: Row): OutboxEntry => ({
  id: row.id,
  returnId: row.return_id,
  recipient: row.recipient,
  status: row.status,
  attempts: row.attempts,
  lastError: row.last_error,
  messageId: row.message_id,
});

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

/** The outbox entry of a return, if it has one. */
export function mailOfReturn(db: DatabaseSync, returnId: number): OutboxEntry | undefined {
  const row = db.prepare('SELECT * FROM outbox WHERE return_id = ?').get(returnId) as Row | undefined;
  return row && fromRow(row);
}
