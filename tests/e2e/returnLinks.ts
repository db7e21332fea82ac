import { randomBytes } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { demoPages, demoTokens } from '../../carrier/seed.ts';
import { createReturnPage, type NewReturnPage } from '../../carrier/store/returnPages.ts';
import { holdReturns as holdAtCarrier } from '../../carrier/store/returnWork.ts';
import { carrierDbPath } from '../hosting/ports.ts';

/** Works on the end-to-end server's carrier (its SQLite file, one per port: `carrierDbPath`) as its operator would. */
function withCarrierDb<T>(work: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(carrierDbPath);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}

/** Stores a return page with the given token in the end-to-end server's carrier, as the carrier's command line would. */
export function createReturnLink(token: string, page: NewReturnPage): string {
  withCarrierDb((db) => createReturnPage(db, { ...page, token }));
  return token;
}

/**
 * A link of the test's own to the same return page as a demo link. The limits per link count
 * one sender's returns on one link; where every test is the same sender (all come from
 * 127.0.0.1 without an address of their own), a link of its own keeps one test's returns from counting against another's.
 */
export function ownCopyOf(demo: keyof typeof demoTokens): string {
  const found = demoPages.find((candidate) => candidate.token === demoTokens[demo]);
  if (!found) throw new Error(`no demo page for ${demo}`);
  const { token: _demoToken, note: _note, ...page } = found;
  return createReturnLink(`test-${demo}-${randomBytes(9).toString('base64url')}`, page);
}

/** Makes the carrier's imports of a link's returns end in Error from now on, or complete again. */
export function setImportOutcome(token: string, outcome: 'complete' | 'error'): void {
  withCarrierDb((db) =>
    db.prepare('UPDATE return_pages SET import_outcome = ? WHERE token = ?').run(outcome, token),
  );
}

/**
 * Holds a link's returns at the carrier (accepted, not worked on) or releases them: the label is
 * being prepared for exactly as long as the test needs to see it so.
 */
export function holdReturns(token: string, held: boolean): void {
  if (!withCarrierDb((db) => holdAtCarrier(db, token, held))) throw new Error(`no return page ${token}`);
}

/** Allows a link's driver pickup from now on, or no longer, as its shop may change it. */
export function setDriverPickup(token: string, allowed: boolean): void {
  withCarrierDb((db) =>
    db
      .prepare('UPDATE return_pages SET prepaid_driver_pickup = ? WHERE token = ?')
      .run(allowed ? 1 : 0, token),
  );
}

/**
 * A link of the test's own (`ownCopyOf`) whose returns the carrier holds: the sent page is
 * rendered, and polls, with the label still being prepared, until `release`.
 */
export function heldCopyOf(demo: keyof typeof demoTokens): { token: string; release: () => void } {
  const token = ownCopyOf(demo);
  holdReturns(token, true);
  return { token, release: () => holdReturns(token, false) };
}
