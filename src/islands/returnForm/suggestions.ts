import type { AddressPart, AddressSuggestion } from '../../lib/contract.ts';
import { siteApi } from '../../lib/siteApi.ts';
import { apiHeaders } from '../api.ts';

export interface AddressQuery {
  street: string;
  zipCode: string;
  city: string;
}

/** Spec §2: the street line a suggestion fills: street, house number and an optional `/reference`. */
export function streetLine(s: AddressSuggestion): string {
  return `${s.street} ${s.houseNumber}${s.referenceNumber ? `/${s.referenceNumber}` : ''}`;
}

/** How a suggestion reads in the list. */
export function suggestionText(s: AddressSuggestion): string {
  return `${streetLine(s)}, ${s.zipCode} ${s.city}`;
}

/**
 * Asks the site for suggestions. Spec §8: failures are silent, so any failure (network,
 * status, body) is an empty list and nothing is logged.
 */
export async function fetchSuggestions(
  query: AddressQuery,
  calledFrom: AddressPart,
  signal: AbortSignal,
): Promise<AddressSuggestion[]> {
  const params = new URLSearchParams({ ...query, calledFrom });
  try {
    const response = await fetch(`${siteApi.addresses}?${params}`, { headers: apiHeaders(), signal });
    if (!response.ok) return [];
    const body: unknown = await response.json();
    return Array.isArray(body) ? (body as AddressSuggestion[]).slice(0, 10) : [];
  } catch {
    return [];
  }
}
