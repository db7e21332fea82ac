/**
 * Address suggestions: a prefix search on the field the user is typing in, narrowed by the others.
 *
 * Ranking, best first:
 * 1. On the typed field, shorter keys first, so an exact match ('Husova' for 'husova') comes before
 *    longer names that merely start with it ('Husovo náměstí'); then alphabetically by folded key.
 * 2. Then the other fields alphabetically: city and zip code for a street, zip code and street for a
 *    city, city and street for a zip code.
 * 3. Within one street of one city and zip code, house numbers in numeric order (2 before 10), a číslo
 *    popisné before the číslo evidenční with the same digits, then orientation (reference) numbers.
 * A typed number ranks above all of these: the points whose numbers it matches whole ('Americká 2'
 * gives 818/2 first) come before those whose numbers merely start with it.
 *
 * Each ranking is the order of one index (see schema.ts), walked in that order, so SQLite stops at the
 * limit instead of sorting every match; the key lengths are walked with an `IN (…)` list because the
 * typed prefix fixes only the key, not its length.
 */
import type { DatabaseSync, SQLInputValue, SQLOutputValue } from 'node:sqlite';
import type { AddressSuggestion } from '../../src/lib/contract.ts';
import { prefixBound } from './normalize.ts';
import { type NumberMatch, exactly, maxHouseDigits } from './numbers.ts';
import { type AddressQuery, type SearchKeys, readQuery } from './query.ts';
import { formatHouseNumber } from './ruianCsv.ts';
import { cachedStatement } from './statements.ts';

const maxSuggestions = 10;

const plans = {
  Street: {
    index: 'address_groups_by_street',
    length: 'street_len',
    order: 'g.street_len, g.street_key, g.city_key, g.zip',
  },
  City: {
    index: 'address_groups_by_city',
    length: 'city_len',
    order: 'g.city_len, g.city_key, g.zip, g.street_key',
  },
  ZipCode: { index: 'address_groups_by_zip', length: null, order: 'g.zip, g.city_key, g.street_key' },
} as const;

/** Suggests at most `limit` (max 10) addresses for a typed query; [] for short or unmatched input. */
export function searchAddresses(
  db: DatabaseSync,
  query: AddressQuery,
  limit = maxSuggestions,
): AddressSuggestion[] {
  const wanted = Number.isFinite(limit)
    ? Math.min(maxSuggestions, Math.max(0, Math.trunc(limit)))
    : maxSuggestions;
  if (wanted === 0) return [];
  // The first reading that finds anything wins (see query.ts).
  for (const keys of readQuery(query)) {
    const passes = keys.numbers === null ? [null] : [exactly(keys.numbers), keys.numbers];
    let found: AddressSuggestion[] = [];
    for (const numbers of passes) {
      if (found.length >= wanted) break;
      found = distinct([...found, ...runSearch(db, keys, numbers, wanted)]).slice(0, wanted);
    }
    if (found.length > 0) return found;
  }
  return [];
}

function runSearch(
  db: DatabaseSync,
  keys: SearchKeys,
  numbers: NumberMatch[] | null,
  limit: number,
): AddressSuggestion[] {
  const plan = plans[keys.calledFrom];
  const where: string[] = [];
  const params: Record<string, SQLInputValue> = { limit: limit * 2 };
  const prefix = (column: string, name: string, value: string | null) => {
    if (value === null) return;
    where.push(`${column} >= :${name} AND ${column} < :${name}End`);
    params[name] = value;
    params[`${name}End`] = prefixBound(value);
  };
  if (plan.length !== null) {
    const typed = (keys.calledFrom === 'Street' ? keys.street : keys.city) ?? '';
    const longest = cachedStatement(db, `SELECT max(${plan.length}) AS n FROM address_groups`).get()?.['n'];
    if (typeof longest !== 'number' || typed.length > longest) return [];
    where.push(`g.${plan.length} IN (${lengths(typed.length, longest)})`);
  }
  prefix('g.street_key', 'street', keys.street);
  prefix('g.city_key', 'city', keys.city);
  prefix('g.zip', 'zip', keys.zip);
  if (numbers !== null) where.push(numberCondition(numbers, params));
  const sql = `SELECT g.street, g.city, g.zip, p.house, p.evidence, p.reference
    FROM address_groups AS g INDEXED BY ${plan.index}
    CROSS JOIN address_points AS p ON p.group_id = g.id
    WHERE ${where.join(' AND ')}
    ORDER BY ${plan.order}, g.id,
      p.house_len, p.house, p.evidence, p.reference_num, p.reference
    LIMIT :limit`;
  return distinct(cachedStatement(db, sql).all(params).map(toSuggestion)).slice(0, limit);
}

/** The points a typed number matches: any of its readings, each with all of its parts. */
function numberCondition(matches: NumberMatch[], params: Record<string, SQLInputValue>): string {
  const readings = matches.map((match, index) => {
    const parts: string[] = [];
    const { house, reference } = match;
    if (house !== null) {
      const name = `house${index}`;
      params[name] = house.text;
      if (house.whole) parts.push(`p.house_len = ${house.text.length} AND p.house = :${name}`);
      else {
        params[`${name}End`] = prefixBound(house.text);
        parts.push(`p.house_len IN (${lengths(house.text.length, maxHouseDigits)})`);
        parts.push(`p.house >= :${name} AND p.house < :${name}End`);
      }
    }
    if (match.evidence) parts.push('p.evidence = 1');
    if (reference !== null) {
      const name = `reference${index}`;
      params[name] = reference.text;
      if (reference.whole) parts.push(`p.reference = :${name}`);
      else {
        params[`${name}End`] = prefixBound(reference.text);
        parts.push(`p.reference >= :${name} AND p.reference < :${name}End`);
      }
    }
    return `(${parts.join(' AND ') || 'TRUE'})`;
  });
  return `(${readings.join(' OR ')})`;
}

function lengths(from: number, to: number): string {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index).join(', ') || 'NULL';
}

function toSuggestion(row: Record<string, SQLOutputValue>): AddressSuggestion {
  const reference = String(row['reference']);
  return {
    street: String(row['street']),
    houseNumber: formatHouseNumber(String(row['house']), row['evidence'] === 1),
    referenceNumber: reference === '' ? null : reference,
    zipCode: String(row['zip']),
    city: String(row['city']),
  };
}

/** Drops repeats: a street crossing two parts of a municipality can repeat a house number. */
function distinct(suggestions: AddressSuggestion[]): AddressSuggestion[] {
  const seen = new Set<string>();
  return suggestions.filter((each) => {
    const key = JSON.stringify(each);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
