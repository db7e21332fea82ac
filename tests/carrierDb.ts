import { DatabaseSync } from 'node:sqlite';

/** How many returns the reference carrier's database at `dbPath` holds for a sender's e-mail address. */
export function returnsFor(dbPath: string, email: string): number {
  const reader = new DatabaseSync(dbPath, { readOnly: true });
  try {
    const row = reader
      .prepare("SELECT COUNT(*) AS n FROM returns WHERE json_extract(request, '$.sender.email') = ?")
      .get(email) as { n: number };
    return row.n;
  } finally {
    reader.close();
  }
}

/** A return as the reference carrier's database holds it: its state, and its label once made. */
export function returnOf(
  dbPath: string,
  batchId: string,
): { state: string; labelGuid: string | null; shipmentNumber: string | null } | undefined {
  const reader = new DatabaseSync(dbPath, { readOnly: true });
  try {
    const row = reader
      .prepare('SELECT state, label_guid, shipment_number FROM returns WHERE batch_id = ?')
      .get(batchId) as
      { state: string; label_guid: string | null; shipment_number: string | null } | undefined;
    return row && { state: row.state, labelGuid: row.label_guid, shipmentNumber: row.shipment_number };
  } finally {
    reader.close();
  }
}
