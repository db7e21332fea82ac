import type { ReturnAddress } from '@parcel-returns/contract';

/**
 * What the carrier's own network offers, as a real carrier decides it for its service: the site
 * keeps the spec's copy for what it shows (src/lib/rules.ts), and a test holds the two to the same
 * answers (tests/unit/carrierParity.test.ts), so a site that offers what the carrier refuses is caught
 * there rather than followed (decision 039).
 */

/** The carrier's home country: where its label-less code is scanned, and what its return addresses serve. */
export const carrierHomeCountry = 'CZ';

/** Where the carrier's couriers collect parcels from a sender's door. */
const courierNetwork: ReadonlySet<string> = new Set(['CZ', 'SK', 'HU', 'PL', 'ES', 'PT', 'LT', 'LV']);

/** A courier collects the return when the return page pays for it and the sender is in the courier network. */
export function courierCollects(pagePaysCourier: boolean, senderCountry: string): boolean {
  return pagePaysCourier && courierNetwork.has(senderCountry);
}

/** A label-less code works only where the carrier's pick-up points scan it: the home country. */
export function codeWorksFrom(senderCountry: string): boolean {
  return senderCountry === carrierHomeCountry;
}

/**
 * The address the label is made out to: the shop's ReturnConnect hub for a parcel from abroad when
 * the page has one, its Default address otherwise.
 */
export function labelRecipient(
  addresses: readonly ReturnAddress[],
  senderCountry: string,
): ReturnAddress | undefined {
  const fromAbroad = senderCountry !== carrierHomeCountry;
  const hub = addresses.find((address) => address.addressType === 'ReturnConnect');
  if (fromAbroad && hub) return hub;
  return addresses.find((address) => address.addressType === 'Default') ?? addresses[0];
}
