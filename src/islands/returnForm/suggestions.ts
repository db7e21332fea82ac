import type { AddressPart, AddressSuggestion } from '@parcel-returns/contract';
import { siteApi } from '../../lib/siteApi.ts';
import { apiHeaders } from '../api.ts';

export interface AddressQuery {
  street: string;
  zipCode: string;
  city: string;
}

const fieldOf = { Street: 'street', ZipCode: 'zipCode', City: 'city' } as const;

/** Spec §2: the street line a suggestion fills: street, house number and an optional `/reference`. */
export function streetLine(s: AddressSuggestion): string {
  return `${s.street} ${s.houseNumber}${s.referenceNumber ? `/${s.referenceNumber}` : ''}`;
}

/** How a suggestion reads in the list. */
export function suggestionText(s: AddressSuggestion): string {
  return `${streetLine(s)}, ${s.zipCode} ${s.city}`;
}

/**
 * Asks the site for suggestions for the field being typed in, narrowed by the other two. When they
 * leave nothing, it asks again with the typed field alone: the others often still hold an earlier
 * choice (a new street typed after a suggestion filled PSČ and city), and a list that stays empty
 * for a real street would tell the sender it does not exist.
 */
export async function fetchSuggestions(
  query: AddressQuery,
  calledFrom: AddressPart,
  signal: AbortSignal,
): Promise<AddressSuggestion[]> {
  const found = await askSite(query, calledFrom, signal);
  const field = fieldOf[calledFrom];
  const narrowed = Object.values(fieldOf).some((other) => other !== field && query[other].trim() !== '');
  if (found.length > 0 || !narrowed || signal.aborted) return found;
  return askSite({ street: '', zipCode: '', city: '', [field]: query[field] }, calledFrom, signal);
}

/** Spec §8: failures are silent, so any failure (network, status, body) is an empty list and nothing is logged. */
async function askSite(
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
