import { DatabaseSync } from 'node:sqlite';
import { smartPinPayload } from '../../carrier/labels/smartPin.ts';
import { findReturnPage } from '../../carrier/store/returnPages.ts';
import { sentUrl } from '../../src/lib/acceptedReturn.ts';
import type { Locale } from '../../src/lib/locales.ts';
import { carrierDbPath } from '../hosting/ports.ts';

/** A return of a fixed look, so that screenshots and transcripts of its sent page do not move. */
export interface FixedReturn {
  batchId: string;
  /** The return link it was made on. */
  token: string;
  labelless: boolean;
  driverPickup: boolean;
  /** Complete with these, or still in process: then on a link whose returns the carrier holds (returnLinks.ts). */
  label?: { labelGuid: string; smartPin: string; shipmentNumber: string };
}

/** What the carrier's status shows a scanner for a fixed label-less return. */
export const fixedQrCode = (label: NonNullable<FixedReturn['label']>) =>
  smartPinPayload(label.smartPin, label.shipmentNumber);

/**
 * Stores `fixed` in the end-to-end server's carrier (its SQLite file, as returnLinks.ts does),
 * as its depot would have it: the same batch id is the same return in every test, put back in
 * its state each time.
 */
export function storeFixedReturn(fixed: FixedReturn): void {
  const db = new DatabaseSync(carrierDbPath);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const page = findReturnPage(db, fixed.token);
    if (!page) throw new Error(`no return page for ${fixed.token}`);
    const { label } = fixed;
    const now = Date.now();
    db.prepare(
      `INSERT INTO returns (batch_id, page_id, request_hash, request, language, state, smart_pin,
         shipment_number, label_guid, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'cs', ?, ?, ?, ?, ?, ?)
       ON CONFLICT (batch_id) DO UPDATE SET state = excluded.state, error_reason = NULL,
         updated_at = excluded.updated_at`,
    ).run(
      fixed.batchId,
      page.id,
      `fixed-${fixed.batchId}`,
      JSON.stringify({ labelless: fixed.labelless, prepaidDriverPickUp: fixed.driverPickup }),
      label ? 'Complete' : 'InProcess',
      label?.smartPin ?? null,
      label?.shipmentNumber ?? null,
      label?.labelGuid ?? null,
      now,
      now,
    );
  } finally {
    db.close();
  }
}

/** Stores `fixed` and opens its sent page, where a sender lands after sending the form. */
export async function openFixedReturn(
  page: { goto: (url: string) => Promise<unknown> },
  locale: Locale,
  fixed: FixedReturn,
): Promise<void> {
  storeFixedReturn(fixed);
  const { batchId, token, labelless, driverPickup } = fixed;
  await page.goto(sentUrl({ locale, batchId, token, labelless, driverPickup }));
}
