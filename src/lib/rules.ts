import type { SenderFormValues } from './senderForm.ts';
import type { ReturnAddress } from '@parcel-returns/contract';

/*
 * The spec's rules for what the form offers and the server accepts. The reference carrier keeps its
 * own (carrier/rules.ts), as a real carrier does; tests/unit/carrierParity.test.ts holds them alike.
 */

/** Spec §9: the countries where a courier can pick a return up. */
export const driverPickupCountries = ['CZ', 'SK', 'HU', 'PL', 'ES', 'PT', 'LT', 'LV'] as const;
export const homeCountry = 'CZ';

/** Driver pickup is offered when the return page allows it and the country is in the list. */
export function driverPickupAllowed(pageAllows: boolean, country: string): boolean {
  return pageAllows && (driverPickupCountries as readonly string[]).includes(country);
}

/** Label-less returns (QR code with SmartPIN) exist only for the home country. */
export function labellessAllowed(country: string): boolean {
  return country === homeCountry;
}

/**
 * Spec §4: senders abroad return to the ReturnConnect address when the page has one;
 * everyone else to the Default address.
 */
export function recipientAddress(
  addresses: readonly ReturnAddress[],
  country: string,
): ReturnAddress | undefined {
  const connect = addresses.find((a) => a.addressType === 'ReturnConnect');
  if (country !== homeCountry && connect) return connect;
  return addresses.find((a) => a.addressType === 'Default') ?? addresses[0];
}

/**
 * Spec §4's forced choices: outside CZ the printed label, outside the driver-pickup list
 * (or when the page does not offer it) the pick-up point. Returns only what must change.
 */
export function forcedChoices(
  values: Pick<SenderFormValues, 'country' | 'labelType' | 'handover'>,
  pageAllowsDriver: boolean,
): Partial<{ labelType: 'label'; handover: 'pickupPoint' }> {
  return {
    ...(values.labelType === 'qr' && !labellessAllowed(values.country) && { labelType: 'label' as const }),
    ...(values.handover === 'driver' &&
      !driverPickupAllowed(pageAllowsDriver, values.country) && { handover: 'pickupPoint' as const }),
  };
}

/**
 * The choices of a creation that its country and return page do not allow (spec §4), by the
 * creation request's paths: what the island never offers and the server refuses on every path.
 */
export function refusedChoices(
  request: { labelless: boolean; prepaidDriverPickUp: boolean; sender: { country: string } },
  pageAllowsDriver: boolean,
): ('labelless' | 'prepaidDriverPickUp')[] {
  const { country } = request.sender;
  return [
    ...(request.labelless && !labellessAllowed(country) ? (['labelless'] as const) : []),
    ...(request.prepaidDriverPickUp && !driverPickupAllowed(pageAllowsDriver, country)
      ? (['prepaidDriverPickUp'] as const)
      : []),
  ];
}
