/**
 * Turns the typed values of an AddressWhisper call into search keys. The Street field may carry a
 * house number ('Kumberská 12', 'Kumberská 12/1a', 'Lhota č.ev. 16'). Such a value is read as name and
 * number first and, when that finds nothing, as a name alone: 'Třída 1' may be house 1 of a 'Třída…'
 * or the start of 'Třída 1. máje' (typing 'Třída 1.' settles it, as a dot never ends a house number).
 */
import { foldText, searchKey, zipKey } from './normalize.ts';
import { type AddressPart, addressParts } from '../../src/lib/contract.ts';

export interface AddressQuery {
  street?: string | undefined;
  zipCode?: string | undefined;
  city?: string | undefined;
  calledFrom: AddressPart;
}

export interface HouseFilter {
  /** A prefix of the house number's digits. */
  digits: string;
  /** True for 'č.ev.' typed before the number; null when either kind will do. */
  evidence: true | null;
  /** A prefix of the reference number ('1', '1a'), '' after a bare slash, null when not typed. */
  reference: string | null;
}

export interface SearchKeys {
  calledFrom: AddressPart;
  street: string | null;
  house: HouseFilter | null;
  city: string | null;
  zip: string | null;
}

/** The shortest key a called-from field must have before it is searched. */
export const minimumKeyLength = 2;
/** Czech house numbers have at most 4 digits today; a longer number cannot match. */
export const maxHouseDigits = 6;

// A name ending in a letter or a dot, an optional evidence mark, the number, an optional '/reference'.
const numberedStreet = /^(.*?[\p{L}.])(?:\s+(?:c\.?\s*)?(ev)\.?)?\s*(\d+)(?:\s*\/\s*(\d*\p{L}?))?$/u;

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
  const whole: SearchKeys = { ...base, street: searchKey(streetText) || null, house: null };
  const numbered = numberedStreet.exec(streetText);
  const readings: SearchKeys[] = [whole];
  if (numbered !== null && (numbered[3] ?? '').length <= maxHouseDigits) {
    const [, name = '', evidence, digits = '', reference] = numbered;
    const house = {
      digits,
      evidence: evidence === undefined ? null : true,
      reference: reference ?? null,
    } as const;
    readings.unshift({ ...base, street: searchKey(name) || null, house });
  }
  const drivingKey = (keys: SearchKeys) =>
    keys.calledFrom === 'Street' ? keys.street : keys.calledFrom === 'City' ? keys.city : keys.zip;
  return readings.filter((keys) => (drivingKey(keys)?.length ?? 0) >= minimumKeyLength);
}
