/**
 * Czech-aware folding for the address search keys. Stored keys and typed queries go through the
 * same functions, so 'plzen' meets 'Plzeň' and 'zizkova' meets 'Žižkova' on plain byte comparison,
 * which keeps the index range scans in SQLite exact (no collation, no LIKE).
 */

/** The longest input taken from any query field; the contract caps a street at 120 characters. */
export const maxQueryLength = 120;

/** Lower case without diacritics and with single spaces; punctuation kept (the house-number parser needs '/'). */
export function foldText(value: string): string {
  return value
    .slice(0, maxQueryLength)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The search key of a street or city name: folded, every run of punctuation and spaces as one space. */
export function searchKey(value: string): string {
  // 'Čs. armády', 'Čs.armády' and 'cs armady' must all give one key.
  return foldText(value)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A zip code without spaces ('301 00' gives '30100'), or null when anything but digits is left. */
export function zipKey(value: string): string | null {
  const compact = value.slice(0, maxQueryLength).replace(/\s+/g, '');
  return /^\d*$/.test(compact) ? compact : null;
}

/**
 * The exclusive upper bound of all keys that start with `prefix`, for `key >= prefix AND key < bound`.
 * U+10FFFF is the largest code point, so in SQLite's byte order it sorts after every real continuation.
 */
export function prefixBound(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}
