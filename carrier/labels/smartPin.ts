/** The identifiers printed on a label, and the QR content of a label-less return. */

/** A shipment number: 14 digits, e.g. 10000000000017. */
export const shipmentNumberPattern = /^\d{14}$/;

/** A SmartPIN: groups of capital letters and digits joined by hyphens, e.g. K7Q-2M9, at most 16 characters. */
export const smartPinPattern = /^(?=.{1,16}$)[A-Z0-9]+(?:-[A-Z0-9]+)*$/;

/** Throws unless the shipment number is 14 digits. */
export function assertShipmentNumber(shipmentNumber: string): void {
  if (!shipmentNumberPattern.test(shipmentNumber)) {
    throw new Error(`A shipment number has 14 digits, not '${shipmentNumber}'.`);
  }
}

/**
 * The QR content of a label-less return: `SMARTPIN:<pin>;SHIPMENT:<number>`, for example
 * `SMARTPIN:K7Q-2M9;SHIPMENT:10000000000017`. Neither part can contain ':' or ';', so a reader
 * splits on ';' and then on the first ':'. The format is a contract with the pick-up points'
 * scanners: change it only together with them.
 */
export function smartPinPayload(pin: string, shipmentNumber: string): string {
  if (!smartPinPattern.test(pin)) {
    throw new Error(`A SmartPIN is capital letters and digits in hyphenated groups, not '${pin}'.`);
  }
  assertShipmentNumber(shipmentNumber);
  return `SMARTPIN:${pin};SHIPMENT:${shipmentNumber}`;
}

/**
 * How long a label-less return's code is accepted: 14 days from the return's creation, long enough
 * for a sender who is away for a week, short enough that an old e-mail is not a parcel's ticket.
 */
export const smartPinValidDays = 14;

/** The last moment (epoch ms) a code made at `createdAt` is accepted. */
export const smartPinValidUntil = (createdAt: number): number => createdAt + smartPinValidDays * 86_400_000;
