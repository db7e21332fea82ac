import { DatabaseSync } from 'node:sqlite';
import { expect } from '@playwright/test';
import {
  getCaughtAttachment,
  getCaughtMail,
  listCaughtMails,
  type CaughtMail,
} from '../../carrier/mail/mailReads.ts';
import { carrierDbPath } from '../hosting/ports.ts';

/**
 * The embedded carrier's mail catcher, read from its own store: the SQLite file the
 * Playwright config gives the e2e server (one per port), opened read-only.
 */
export class Inbox {
  private readonly db: DatabaseSync;

  constructor() {
    this.db = new DatabaseSync(carrierDbPath, { readOnly: true });
  }

  /** The mails to `to`, oldest first, with bodies. */
  mailsTo(to: string): CaughtMail[] {
    return listCaughtMails(this.db, { to })
      .map((summary) => getCaughtMail(this.db, summary.id))
      .filter((mail): mail is CaughtMail => mail !== undefined)
      .reverse();
  }

  /** Waits until `count` mails to `to` have arrived and returns all of them. */
  async waitForMails(to: string, count = 1, timeout = 15_000): Promise<CaughtMail[]> {
    await expect
      .poll(() => this.mailsTo(to).length, { timeout, message: `mails to ${to}` })
      .toBeGreaterThanOrEqual(count);
    return this.mailsTo(to);
  }

  attachment(mailId: number, index: number): Buffer | undefined {
    return getCaughtAttachment(this.db, mailId, index)?.content;
  }

  close(): void {
    this.db.close();
  }
}
