import type { DatabaseSync } from 'node:sqlite';
import type { ReturnEvent, ReturnEventType } from '@parcel-returns/contract';
import { smartPinValidUntil } from '../labels/smartPin.ts';
import { transaction } from './db.ts';
import { queueMail, type MailKind } from './outbox.ts';
import { findReturnById, returnIdOfShipmentNumber, type StoredReturn } from './returns.ts';

/*
 * A parcel's journey after its label: `labelCreated` is recorded with the Complete state, every
 * later step by a depot scan (or the demo). Each step is stored once, with its time and place, and
 * only where it follows the step before (`follows`); the steps the sender is e-mailed about queue
 * their e-mail in the same transaction, so a step is never told twice or left untold.
 */

/** The steps a depot scans; `labelCreated` comes from the return itself. */
export const scanEvents = ['handedOver', 'inTransit', 'delivered', 'notCollected', 'returned'] as const;
export type ScanEvent = (typeof scanEvents)[number];

/** What may follow a parcel's latest step. `delivered` and `returned` end the journey. */
const follows: Record<ReturnEventType, readonly ScanEvent[]> = {
  labelCreated: ['handedOver'],
  handedOver: ['inTransit', 'delivered', 'notCollected'],
  inTransit: ['delivered', 'notCollected'],
  notCollected: ['returned'],
  delivered: [],
  returned: [],
};

/** The steps the sender gets an e-mail about: the proof of drop-off and the delivery note. */
const mailed: Partial<Record<ScanEvent, MailKind>> = { handedOver: 'handedOver', delivered: 'delivered' };

export interface StoredParcelEvent {
  id: number;
  returnId: number;
  type: ReturnEventType;
  place: string | null;
  at: number;
}

interface Row {
  id: number;
  return_id: number;
  type: ReturnEventType;
  place: string | null;
  at: number;
}

const fromRow = (row: Row): StoredParcelEvent => ({
  id: row.id,
  returnId: row.return_id,
  type: row.type,
  place: row.place,
  at: row.at,
});

export type ScanRefusal =
  'shipmentNotFound' | 'returnNotComplete' | 'eventAlreadyRecorded' | 'eventOutOfOrder' | 'codeExpired';

/** A scan the carrier refuses, with a stable code for scripts and a sentence for people. */
export class ScanRefused extends Error {
  readonly code: ScanRefusal;
  constructor(code: ScanRefusal, message: string) {
    super(message);
    this.code = code;
  }
}

/** Records that a return's label exists; called in the transaction that completes it. */
export function recordLabelCreated(db: DatabaseSync, returnId: number, now: number): void {
  db.prepare(
    "INSERT INTO parcel_events (return_id, type, at) VALUES (?, 'labelCreated', ?) ON CONFLICT DO NOTHING",
  ).run(returnId, now);
}

/** A return's parcel events in the order they were recorded, which is the parcel's journey. */
export function parcelEvents(db: DatabaseSync, returnId: number): StoredParcelEvent[] {
  const rows = db
    .prepare('SELECT * FROM parcel_events WHERE return_id = ? ORDER BY id')
    .all(returnId) as unknown as Row[];
  return rows.map(fromRow);
}

/** One event of a return, if it happened. */
export function parcelEvent(
  db: DatabaseSync,
  returnId: number,
  type: ReturnEventType,
): StoredParcelEvent | undefined {
  const row = db
    .prepare('SELECT * FROM parcel_events WHERE return_id = ? AND type = ?')
    .get(returnId, type) as Row | undefined;
  return row && fromRow(row);
}

/** An event as the carrier API answers it. */
export const toReturnEvent = (event: StoredParcelEvent): ReturnEvent => ({
  type: event.type,
  at: new Date(event.at).toISOString(),
  ...(event.place !== null && { place: event.place }),
});

function refuseUnlessNext(record: StoredReturn, history: StoredParcelEvent[], type: ScanEvent, now: number) {
  const shipment = record.shipmentNumber ?? '';
  if (history.some((event) => event.type === type))
    throw new ScanRefused('eventAlreadyRecorded', `Shipment ${shipment} already has ${type}.`);
  const latest = history.at(-1)?.type ?? 'labelCreated';
  if (!follows[latest].includes(type)) {
    const next = follows[latest].length
      ? `only ${follows[latest].join(', ')} may follow, not ${type}`
      : `its journey ended there, so ${type} cannot follow`;
    throw new ScanRefused('eventOutOfOrder', `Shipment ${shipment} is at ${latest}; ${next}.`);
  }
  if (type === 'handedOver' && record.smartPin && now > smartPinValidUntil(record.createdAt))
    throw new ScanRefused('codeExpired', `The code of shipment ${shipment} is no longer valid.`);
}

/**
 * Records a depot scan of a Complete return's parcel, and queues the sender's e-mail for the steps
 * that have one. Throws `ScanRefused` for an unknown shipment, a return without a label, a step
 * already recorded or one that cannot follow the parcel's latest step, and an expired code.
 */
export function recordParcelEvent(
  db: DatabaseSync,
  shipmentNumber: string,
  type: ScanEvent,
  options: { place?: string | undefined; now?: number } = {},
): { record: StoredReturn; event: StoredParcelEvent } {
  const now = options.now ?? Date.now();
  return transaction(db, () => {
    const id = returnIdOfShipmentNumber(shipmentNumber);
    const record = id === undefined ? undefined : findReturnById(db, id);
    if (!record)
      throw new ScanRefused('shipmentNotFound', `No return has shipment number ${shipmentNumber}.`);
    if (record.state !== 'Complete')
      throw new ScanRefused(
        'returnNotComplete',
        `Shipment ${shipmentNumber} has no label yet (${record.state}).`,
      );
    refuseUnlessNext(record, parcelEvents(db, record.id), type, now);
    const row = db
      .prepare('INSERT INTO parcel_events (return_id, type, place, at) VALUES (?, ?, ?, ?) RETURNING *')
      .get(record.id, type, options.place ?? null, now) as unknown as Row;
    const mail = mailed[type];
    if (mail) queueMail(db, record.id, mail, record.request.sender.email, now);
    return { record, event: fromRow(row) };
  });
}
