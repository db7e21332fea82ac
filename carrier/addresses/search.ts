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
 * typed prefix fixes only the key, not its length. Each reading of a typed number is such a walk of its
 * own (see pointFilter.ts), and their rows are merged in the same order.
 */
import type { DatabaseSync, SQLInputValue, SQLOutputValue } from 'node:sqlite';
import type { AddressSuggestion } from '@parcel-returns/contract';
import { prefixBound } from './normalize.ts';
import { type NumberMatch, exactly, isExact, matchesWhole } from './numbers.ts';
import { type PointFilter, lengths, pointFilter } from './pointFilter.ts';
import { type AddressQuery, type SearchKeys, readQuery } from './query.ts';
import { formatHouseNumber } from './ruianCsv.ts';
import { cachedStatement } from './statements.ts';

const maxSuggestions = 10;
type Row = Record<string, SQLOutputValue>;
/** The points of one street in numeric house order (see schema.ts). */
const pointOrder = ['g.id', 'p.house_len', 'p.house', 'p.evidence', 'p.reference_num', 'p.reference'];

const plans = {
  Street: {
    index: 'address_groups_by_street',
    length: 'street_len',
    order: ['g.street_len', 'g.street_key', 'g.city_key', 'g.zip'],
  },
  City: {
    index: 'address_groups_by_city',
    length: 'city_len',
    order: ['g.city_len', 'g.city_key', 'g.zip', 'g.street_key'],
  },
  ZipCode: { index: 'address_groups_by_zip', length: null, order: ['g.zip', 'g.city_key', 'g.street_key'] },
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
    const found = runSearch(db, keys, wanted);
    if (found.length > 0) return found;
  }
  return [];
}

function runSearch(db: DatabaseSync, keys: SearchKeys, limit: number): AddressSuggestion[] {
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
  const order = [...plan.order, ...pointOrder];
  const group = [...plan.order, 'g.id'];
  /** The points of `match` in ranking order, in streets up to the one of `last` when given. */
  const walk = (match: NumberMatch | null, last?: Row): Row[] => {
    const values = { ...params };
    const points: PointFilter = match === null ? { where: [], index: null } : pointFilter(match, values);
    const upTo: string[] = [];
    if (last !== undefined) {
      upTo.push(`(${group.join(', ')}) <= (${group.map((_, at) => `:last${at}`).join(', ')})`);
      group.forEach((column, at) => (values[`last${at}`] = last[column.slice(2)] ?? null));
    }
    const sql = `SELECT g.street, g.city, g.zip, ${order.join(', ')}
      FROM address_groups AS g INDEXED BY ${plan.index}
      CROSS JOIN address_points AS p ${points.index === null ? '' : `INDEXED BY ${points.index}`}
        ON p.group_id = g.id
      WHERE ${[...where, ...upTo, ...points.where].join(' AND ')}
      ORDER BY ${order.join(', ')}
      LIMIT :limit`;
    return cachedStatement(db, sql).all(values);
  };
  if (keys.numbers === null) return distinct(walk(null).map(toSuggestion)).slice(0, limit);

  // One walk per reading, each in the ranking order, then merged: the best of each hold the best of
  // all. Whole matches rank first among the streets the list reaches. A walk that ended before the
  // limit saw every match, whole ones included; one cut short is walked again for whole matches only,
  // up to the street where it stopped, so a rare number does not cost a seek in each of the 700
  // streets named 'Zahradní'.
  const whole: Row[] = [];
  const rest: Row[] = [];
  for (const match of keys.numbers) {
    const rows = walk(match);
    const complete = rows.length < limit * 2 || isExact(match);
    for (const row of rows) {
      const exact = complete && matchesWhole(match, String(row['house']), String(row['reference']));
      (exact ? whole : rest).push(row);
    }
    if (!complete) whole.push(...walk(exactly(match), rows.at(-1)));
  }
  const columns = order.map((column) => column.slice(2));
  const ranked = (rows: Row[]) => rows.sort((a, b) => compareBy(columns, a, b));
  return distinct([...ranked(whole), ...ranked(rest)].map(toSuggestion)).slice(0, limit);
}

/** SQLite's order of the same values: numbers by value, keys by their (ASCII-folded) characters. */
function compareBy(columns: string[], a: Row, b: Row): number {
  for (const column of columns) {
    const x = a[column] ?? '';
    const y = b[column] ?? '';
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

function toSuggestion(row: Row): AddressSuggestion {
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
