import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { CreationRequest, ImportState } from '@parcel-returns/contract';
import type { LabelLanguage } from '../labels/labelTexts.ts';
import { transaction } from './db.ts';

/**
 * A return's lifecycle: created Accepted by the creation call; claimed InProcess by the
 * worker under a lease; finished Complete (with its label and a queued e-mail, in one
 * transaction) or Error with a reason. A lease that runs out (the process died) makes the
 * return claimable again, and finishing checks the lease, so no return is finished twice.
 */
export interface StoredReturn {
  id: number;
  batchId: string;
  pageId: number;
  request: CreationRequest;
  language: LabelLanguage;
  state: ImportState;
  errorReason: string | null;
  smartPin: string | null;
  shipmentNumber: string | null;
  labelGuid: string | null;
  leaseUntil: number | null;
  attempts: number;
  createdAt: number;
}

export interface Row {
  id: number;
  batch_id: string;
  page_id: number;
  request: string;
  request_hash: string;
  language: LabelLanguage;
  state: ImportState;
  error_reason: string | null;
  smart_pin: string | null;
  shipment_number: string | null;
  label_guid: string | null;
  lease_until: number | null;
  attempts: number;
  created_at: number;
}

export const fromRow = (row: Row): StoredReturn => ({
  id: row.id,
  batchId: row.batch_id,
  pageId: row.page_id,
  request: JSON.parse(row.request) as CreationRequest,
  language: row.language,
  state: row.state,
  errorReason: row.error_reason,
  smartPin: row.smart_pin,
  shipmentNumber: row.shipment_number,
  labelGuid: row.label_guid,
  leaseUntil: row.lease_until,
  attempts: row.attempts,
  createdAt: row.created_at,
});

const pinAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** A SmartPIN such as `K7Q-2M9`: no 0/O or 1/I/L to misread at a counter. */
export const newSmartPin = (): string =>
  Array.from(
    { length: 6 },
    (_, i) => (i === 3 ? '-' : '') + pinAlphabet.charAt(randomInt(pinAlphabet.length)),
  ).join('');

/** The 14-digit shipment number of a return: `1`, its id in 12 digits, and a mod-10 check digit. */
export function shipmentNumberFor(id: number): string {
  const body = `1${String(id).padStart(12, '0')}`;
  const sum = Array.from(body)
    .reverse()
    .reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** The return id a shipment number was made from, if it is one (14 digits with the right check digit). */
export function returnIdOfShipmentNumber(shipmentNumber: string): number | undefined {
  if (!/^1\d{13}$/.test(shipmentNumber)) return undefined;
  const id = Number(shipmentNumber.slice(1, 13));
  return id > 0 && shipmentNumberFor(id) === shipmentNumber ? id : undefined;
}

export type CreateOutcome =
  | { kind: 'created'; record: StoredReturn }
  | { kind: 'replayed'; record: StoredReturn }
  | { kind: 'conflict' };

export function recordEvent(
  db: DatabaseSync,
  returnId: number,
  state: ImportState,
  now: number,
  note?: string,
) {
  db.prepare('INSERT INTO return_events (return_id, state, note, at) VALUES (?, ?, ?, ?)').run(
    returnId,
    state,
    note ?? null,
    now,
  );
}

/**
 * Stores a new return as Accepted. With an idempotency key already used for this page,
 * the same request gives back the earlier return and a different one is a conflict.
 */
export function createReturn(
  db: DatabaseSync,
  input: {
    pageId: number;
    request: CreationRequest;
    language: LabelLanguage;
    idempotencyKey?: string | undefined;
  },
  now = Date.now(),
): CreateOutcome {
  const body = JSON.stringify(input.request);
  const hash = createHash('sha256').update(body).digest('hex');
  return transaction(db, () => {
    if (input.idempotencyKey) {
      const earlier = db
        .prepare('SELECT * FROM returns WHERE page_id = ? AND idempotency_key = ?')
        .get(input.pageId, input.idempotencyKey) as Row | undefined;
      if (earlier)
        return earlier.request_hash === hash
          ? { kind: 'replayed', record: fromRow(earlier) }
          : { kind: 'conflict' };
    }
    const row = db
      .prepare(
        `INSERT INTO returns (batch_id, page_id, idempotency_key, request_hash, request, language, state, smart_pin, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, 'Accepted', ?, ?, ?) RETURNING *`,
      )
      .get(
        randomUUID(),
        input.pageId,
        input.idempotencyKey ?? null,
        hash,
        body,
        input.language,
        input.request.labelless ? newSmartPin() : null,
        now,
        now,
      ) as unknown as Row;
    recordEvent(db, row.id, 'Accepted', now);
    return { kind: 'created', record: fromRow(row) };
  });
}

/** The return behind a batch id. */
export function findReturn(db: DatabaseSync, batchId: string): StoredReturn | undefined {
  const row = db.prepare('SELECT * FROM returns WHERE batch_id = ?').get(batchId) as Row | undefined;
  return row && fromRow(row);
}

/**
 * The return behind a batch id, only when it was made on the return page of `token` (expired or
 * not: a return made while the link was valid can still be followed).
 */
export function findReturnOfPage(db: DatabaseSync, batchId: string, token: string): StoredReturn | undefined {
  const row = db
    .prepare(
      'SELECT r.* FROM returns r JOIN return_pages p ON p.id = r.page_id WHERE r.batch_id = ? AND p.token = ?',
    )
    .get(batchId, token) as Row | undefined;
  return row && fromRow(row);
}

/** The states a return went through, oldest first. */
export function returnHistory(
  db: DatabaseSync,
  returnId: number,
): { state: ImportState; note: string | null; at: number }[] {
  return db
    .prepare('SELECT state, note, at FROM return_events WHERE return_id = ? ORDER BY id')
    .all(returnId) as unknown as { state: ImportState; note: string | null; at: number }[];
}

/** The return with this row id. */
export function findReturnById(db: DatabaseSync, id: number): StoredReturn | undefined {
  const row = db.prepare('SELECT * FROM returns WHERE id = ?').get(id) as Row | undefined;
  return row && fromRow(row);
}
