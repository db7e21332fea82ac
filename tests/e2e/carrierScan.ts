import { execFile } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { carrierDbPath } from '../hosting/ports.ts';

/** The shipment number of a return, as the depot reads it off the parcel's label. */
export function shipmentOf(batchId: string): string {
  const db = new DatabaseSync(carrierDbPath, { readOnly: true });
  try {
    const row = db.prepare('SELECT shipment_number FROM returns WHERE batch_id = ?').get(batchId) as
      { shipment_number: string | null } | undefined;
    if (!row?.shipment_number) throw new Error(`no shipment number for ${batchId}`);
    return row.shipment_number;
  } finally {
    db.close();
  }
}

/** A depot's scan of a parcel, through the carrier's command line on the end-to-end carrier's database. */
export async function scan(
  shipment: string,
  event: 'handedOver' | 'inTransit' | 'delivered' | 'notCollected' | 'returned',
  place?: string,
): Promise<void> {
  const args = ['carrier/cli.ts', 'scan', shipment, event, ...(place ? ['--place', place] : [])];
  await promisify(execFile)(process.execPath, [...args, '--db', carrierDbPath]);
}
