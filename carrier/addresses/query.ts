/**
 * Turns the typed values of an AddressWhisper call into search keys. The Street field may carry a
 * number ('Kumberská 12', 'Americká 42', 'Kumberská 12/1a', 'Lhota č.ev. 16'; see numbers.ts). Such
 * a value is read as name and number first and, when that finds nothing, as a name alone: 'Třída 1'
 * may be number 1 of a 'Třída…' or the start of 'Třída 1. máje' (typing 'Třída 1.' settles it, as a
 * dot never ends a number).
 */
import { foldText, searchKey, zipKey } from './normalize.ts';
import { type NumberMatch, readNumberedStreet } from './numbers.ts';
import { type AddressPart, addressParts } from '@parcel-returns/contract';

export interface AddressQuery {
  street?: string | undefined;
  zipCode?: string | undefined;
  city?: string | undefined;
  calledFrom: AddressPart;
}

export interface SearchKeys {
  calledFrom: AddressPart;
  street: string | null;
  /** The readings of a typed number, any of which may match; null when no number was typed. */
  numbers: NumberMatch[] | null;
  city: string | null;
  zip: string | null;
}

/** The shortest key a called-from field must have before it is searched. */
export const minimumKeyLength = 2;

/** The readings of a query, most specific first; none when it cannot match anything. */
export function readQuery(query: AddressQuery): SearchKeys[] {
  if (!addressParts.includes(query.calledFrom)) return [];
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const city = searchKey(text(query.city));
  const zip = zipKey(text(query.zipCode));
  // A zip code with anything but digits and spaces in it matches no address, as a filter too.
  if (zip === null) return [];
  const base = { calledFrom: query.calledFrom, city: city || null, zip: zip || null };
  const streetText = foldText(text(query.street));
  const readings: SearchKeys[] = [{ ...base, street: searchKey(streetText) || null, numbers: null }];
  const numbered = readNumberedStreet(streetText);
  if (numbered !== null)
    readings.unshift({ ...base, street: searchKey(numbered.name) || null, numbers: numbered.matches });
  const drivingKey = (keys: SearchKeys) =>
    keys.calledFrom === 'Street' ? keys.street : keys.calledFrom === 'City' ? keys.city : keys.zip;
  return readings.filter((keys) => (drivingKey(keys)?.length ?? 0) >= minimumKeyLength);
}
