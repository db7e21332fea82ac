/**
 * Reads the number a sender types after a street name. Czech addresses carry up to two numbers: the
 * house number (číslo popisné, or číslo evidenční for a temporary building) and the orientation number
 * on the street (číslo orientační, possibly with a letter), written 'Americká 229/38'. People often
 * know only one of them, mostly the orientation number, and type it in either order. The rules:
 *
 * - One number ('Americká 42') is a prefix of the house number or of the orientation number.
 * - A number with a letter ('Americká 41a') can only be an orientation number.
 * - Two numbers ('229/38' or '38/229') are read both ways: the one before the slash whole, the one
 *   after it as a prefix; a bare slash ('229/') leaves the other number open.
 * - 'č.ev.', 'c.ev.', 'ev.' or 'ev' before the number asks for a číslo evidenční only; the number
 *   after it is the house number, never an orientation number.
 */

/** A typed part of a number: matched whole, or as the start of the stored one. */
export interface NumberPart {
  text: string;
  whole: boolean;
}

/** One way to read the typed number; a point matches when every part given matches. */
export interface NumberMatch {
  house: NumberPart | null;
  /** True when 'č.ev.' was typed; null when either kind will do. */
  evidence: true | null;
  reference: NumberPart | null;
}

/** A numbered street: the name and the alternative readings of its number. */
export interface NumberedStreet {
  name: string;
  matches: NumberMatch[];
}

/** Czech house numbers have at most 4 digits today; a longer number cannot match. */
export const maxHouseDigits = 6;
/** Orientation numbers run from 1 to 999 (RÚIAN); a longer number is a house number only. */
export const maxReferenceDigits = 3;

// A name ending in a letter or a dot, an optional evidence mark, a number, an optional '/number'.
const numbered = /^(.*?[\p{L}.])(?:\s+(?:c\.?\s*)?(ev)\.?)?\s*(\d+\p{L}?)(?:\s*\/\s*(\d*\p{L}?))?$/u;
const digitsOnly = /^\d+$/;
const reference = new RegExp(`^\\d{1,${maxReferenceDigits}}\\p{L}?$`, 'u');

/** Splits a folded street value into name and number readings; null when it ends in no number. */
export function readNumberedStreet(folded: string): NumberedStreet | null {
  const found = numbered.exec(folded);
  if (found === null) return null;
  const [, name = '', evidence, first = '', second] = found;
  const isHouse = (text: string) => digitsOnly.test(text) && text.length <= maxHouseDigits;
  // '' stands for a bare slash: any orientation number, or none.
  const isReference = (text: string) => text === '' || reference.test(text);
  const part = (text: string, whole: boolean): NumberPart => ({ text, whole });
  const matches: NumberMatch[] = [];
  if (evidence !== undefined) {
    if (isHouse(first) && (second === undefined || isReference(second)))
      matches.push({
        house: part(first, second !== undefined),
        evidence: true,
        reference: second === undefined ? null : part(second, false),
      });
  } else if (second === undefined) {
    if (isHouse(first)) matches.push({ house: part(first, false), evidence: null, reference: null });
    if (isReference(first)) matches.push({ house: null, evidence: null, reference: part(first, false) });
  } else {
    if (isHouse(first) && isReference(second))
      matches.push({ house: part(first, true), evidence: null, reference: part(second, false) });
    if (isReference(first) && (second === '' || isHouse(second)))
      matches.push({
        house: second === '' ? null : part(second, false),
        evidence: null,
        reference: part(first, true),
      });
  }
  return matches.length === 0 ? null : { name, matches };
}

/** The same reading with every part matched whole: its exact matches, ranked before the rest. */
export function exactly(match: NumberMatch): NumberMatch {
  const whole = (value: NumberPart | null) => value && { ...value, whole: true };
  return { ...match, house: whole(match.house), reference: whole(match.reference) };
}

/** Whether a reading already matches whole only. */
export function isExact(match: NumberMatch): boolean {
  return (match.house?.whole ?? true) && (match.reference?.whole ?? true);
}

/** Whether a point's numbers equal what the reading asks for, rather than only starting with it. */
export function matchesWhole(match: NumberMatch, house: string, reference: string): boolean {
  return (
    (match.house === null || match.house.text === house) &&
    (match.reference === null || match.reference.text === reference)
  );
}
