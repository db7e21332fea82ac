import type { DatabaseSync } from 'node:sqlite';
import { recordParcelEvent, ScanRefused, scanEvents, type ScanEvent } from './store/parcelEvents.ts';

/** What `carrier:cli scan` ends with: a line for the operator and, when refused, a stable code. */
export type ScanOutcome = { ok: true; message: string } | { ok: false; code: string; message: string };

const isScanEvent = (value: string): value is ScanEvent => (scanEvents as readonly string[]).includes(value);

/**
 * A depot scan from the command line: `scan SHIPMENT_NUMBER EVENT [--place NAME]`. The place is the
 * pick-up point's name and belongs to `handedOver` only; without it the courier collected the parcel.
 */
export function runScan(
  db: DatabaseSync,
  shipmentNumber: string,
  event: string,
  place: string | undefined,
  now = Date.now(),
): ScanOutcome {
  if (!isScanEvent(event))
    return {
      ok: false,
      code: 'unknownEvent',
      message: `EVENT is one of ${scanEvents.join(', ')}, not '${event}'.`,
    };
  const name = place?.trim();
  if (place !== undefined && (event !== 'handedOver' || !name || name.length > 200 || /\p{Cc}/u.test(name)))
    return {
      ok: false,
      code: 'placeNotAllowed',
      message: '--place names a pick-up point (1 to 200 characters) and goes with handedOver only.',
    };
  try {
    const { event: stored } = recordParcelEvent(db, shipmentNumber, event, { place: name, now });
    const where = stored.place ? ` at ${stored.place}` : event === 'handedOver' ? ' by the courier' : '';
    return {
      ok: true,
      message: `${shipmentNumber}: ${event}${where}, ${new Date(stored.at).toISOString()}`,
    };
  } catch (error) {
    if (error instanceof ScanRefused) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}
