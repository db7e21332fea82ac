import type { DatabaseSync } from 'node:sqlite';
import type { ReturnEventType } from '@parcel-returns/contract';

/*
 * The returns the demo moves along (`CARRIER_DEMO_PROGRESS=on`): marked when they complete, and
 * unmarked once their journey has no demo step left, so a restart carries on where it was.
 */

export interface DueDemoStep {
  returnId: number;
  shipmentNumber: string;
  driverPickup: boolean;
  latest: ReturnEventType;
}

/** Marked returns whose latest event is at least `stepMs` old, oldest return first. */
export function dueDemoSteps(db: DatabaseSync, stepMs: number, now = Date.now()): DueDemoStep[] {
  const rows = db
    .prepare(
      `SELECT r.id, r.shipment_number, r.request, e.type FROM returns r
       JOIN parcel_events e ON e.id = (SELECT id FROM parcel_events WHERE return_id = r.id ORDER BY id DESC LIMIT 1)
       WHERE r.demo_progress = 1 AND r.state = 'Complete' AND e.at <= ?
       ORDER BY r.id`,
    )
    .all(now - stepMs) as unknown as {
    id: number;
    shipment_number: string;
    request: string;
    type: ReturnEventType;
  }[];
  return rows.map((row) => ({
    returnId: row.id,
    shipmentNumber: row.shipment_number,
    driverPickup: (JSON.parse(row.request) as { prepaidDriverPickUp: boolean }).prepaidDriverPickUp,
    latest: row.type,
  }));
}

/** Leaves a return to the depot's scans from now on. */
export function endDemoJourney(db: DatabaseSync, returnId: number): void {
  db.prepare('UPDATE returns SET demo_progress = 0 WHERE id = ?').run(returnId);
}
