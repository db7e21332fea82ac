import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { ReturnAddress, ReturnPage } from '@parcel-returns/contract';

/** A return page as the carrier keeps it: what the sender sees plus the operator's settings. */
export interface StoredReturnPage {
  id: number;
  token: string;
  title: string;
  page: ReturnPage & { returnAddresses: ReturnAddress[] };
  importOutcome: 'complete' | 'error';
  expiresAt: number | null;
}

export interface NewReturnPage {
  title: string;
  prepaidDriverPickUp: boolean;
  returnAddresses: ReturnAddress[];
  importOutcome?: 'complete' | 'error';
  expiresAt?: Date | undefined;
  /** Only for fixed demo links; otherwise an unguessable token is made. */
  token?: string | undefined;
}

interface Row {
  id: number;
  token: string;
  title: string;
  prepaid_driver_pickup: number;
  addresses: string;
  import_outcome: 'complete' | 'error';
  expires_at: number | null;
}

const fromRow = (row: Row): StoredReturnPage => ({
  id: row.id,
  token: row.token,
  title: row.title,
  page: {
    returnAddresses: JSON.parse(row.addresses) as ReturnAddress[],
    prepaidDriverPickUp: row.prepaid_driver_pickup === 1,
  },
  importOutcome: row.import_outcome,
  expiresAt: row.expires_at,
});

/** 24 random bytes as base64url: 32 characters, 192 bits. */
export const newToken = (): string => randomBytes(24).toString('base64url');

/** What a page's input sets, in the order both statements below name the columns. */
const pageColumns = (input: NewReturnPage) =>
  [
    input.title,
    input.prepaidDriverPickUp ? 1 : 0,
    JSON.stringify(input.returnAddresses),
    input.importOutcome ?? 'complete',
    input.expiresAt ? input.expiresAt.getTime() : null,
  ] as const;

/** Stores a return page and gives it back with its token. */
export function createReturnPage(db: DatabaseSync, input: NewReturnPage, now = Date.now()): StoredReturnPage {
  const row = db
    .prepare(
      `INSERT INTO return_pages (token, title, prepaid_driver_pickup, addresses, import_outcome, expires_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    )
    .get(input.token ?? newToken(), ...pageColumns(input), now) as unknown as Row;
  return fromRow(row);
}

/** Rewrites what the page of `token` shows and does, keeping its returns; undefined when there is none. */
export function updateReturnPage(
  db: DatabaseSync,
  token: string,
  input: NewReturnPage,
): StoredReturnPage | undefined {
  const row = db
    .prepare(
      `UPDATE return_pages SET title = ?, prepaid_driver_pickup = ?, addresses = ?, import_outcome = ?, expires_at = ?
       WHERE token = ? RETURNING *`,
    )
    .get(...pageColumns(input), token) as Row | undefined;
  return row && fromRow(row);
}

/** The page behind a token, unless it is unknown or expired. */
export function findReturnPage(
  db: DatabaseSync,
  token: string,
  now = Date.now(),
): StoredReturnPage | undefined {
  const row = db.prepare('SELECT * FROM return_pages WHERE token = ?').get(token) as Row | undefined;
  if (!row || (row.expires_at !== null && row.expires_at <= now)) return undefined;
  return fromRow(row);
}

/** Every page, newest first, for the operator's listing. */
export function listReturnPages(db: DatabaseSync): StoredReturnPage[] {
  return (db.prepare('SELECT * FROM return_pages ORDER BY id DESC').all() as unknown as Row[]).map(fromRow);
}

/** The page a return was created on. */
export function findReturnPageById(db: DatabaseSync, id: number): StoredReturnPage | undefined {
  const row = db.prepare('SELECT * FROM return_pages WHERE id = ?').get(id) as Row | undefined;
  return row && fromRow(row);
}

/** The shop a page's returns go to: its Default address's name (a ReturnConnect hub only forwards). */
export const shopName = (page: StoredReturnPage): string =>
  page.page.returnAddresses.find((address) => address.addressType === 'Default')?.name ?? page.title;
