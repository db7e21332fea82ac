/**
 * The SQL that narrows the points of a street to one reading of a typed number (see numbers.ts).
 * Each reading seeks an index rather than reading every point of every street it passes: a house
 * number through the points' primary key (group, digit count, digits), an orientation number alone
 * through the partial index of the points that have one (about one in eight). A condition that
 * mixed both would read whole streets, and a name like 'Hlavní' has more than a thousand of them.
 */
import type { SQLInputValue } from 'node:sqlite';
import { prefixBound } from './normalize.ts';
import { type NumberMatch, maxHouseDigits } from './numbers.ts';
import { tables } from './schema.ts';

export interface PointFilter {
  /** Conditions on `p`, joined with AND. */
  where: string[];
  /** The index to read `p` through; null for its primary key. */
  index: string | null;
}

/** Digit counts from `from` to `to` as an SQL list, so the primary key is sought once per count. */
export function lengths(from: number, to: number): string {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index).join(', ') || 'NULL';
}

/** The conditions of one reading; its parameters go into `params`. */
export function pointFilter(match: NumberMatch, params: Record<string, SQLInputValue>): PointFilter {
  const where: string[] = [];
  const { house, reference } = match;
  if (house !== null) {
    params['house'] = house.text;
    if (house.whole) where.push(`p.house_len = ${house.text.length} AND p.house = :house`);
    else {
      params['houseEnd'] = prefixBound(house.text);
      where.push(`p.house_len IN (${lengths(house.text.length, maxHouseDigits)})`);
      where.push('p.house >= :house AND p.house < :houseEnd');
    }
  }
  if (match.evidence) where.push('p.evidence = 1');
  // A bare slash ('229/') leaves the orientation number open; matched whole, it asks for none.
  if (reference !== null && (reference.whole || reference.text !== '')) {
    params['reference'] = reference.text;
    if (reference.whole) where.push('p.reference = :reference');
    else {
      params['referenceEnd'] = prefixBound(reference.text);
      where.push('p.reference >= :reference AND p.reference < :referenceEnd');
    }
  }
  if (house === null && reference !== null && reference.text !== '') {
    // Repeats the partial index's condition, which SQLite needs to see before it will use the index.
    where.push("p.reference <> ''");
    return { where, index: `${tables.points}_by_reference` };
  }
  return { where, index: null };
}
