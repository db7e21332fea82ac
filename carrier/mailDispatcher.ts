import type { DatabaseSync } from 'node:sqlite';
import type { Logger } from './log.ts';
import { startLoop } from './loop.ts';
import { findLabel } from './store/labels.ts';
import { markMailFailed, markMailSent, takeDueMail, type OutboxEntry } from './store/outbox.ts';
import { parcelEvent, type StoredParcelEvent } from './store/parcelEvents.ts';
import { findReturnPageById, shopName } from './store/returnPages.ts';
import { findReturnById, type StoredReturn } from './store/returns.ts';

export interface MailDispatcherOptions {
  db: DatabaseSync;
  log: Logger;
  /** Sends one queued e-mail of a Complete return; resolves with the message id. */
  send: (entry: OutboxEntry, context: MailContext) => Promise<string>;
  pollMs?: number;
  maxAttempts?: number;
  /** First pause after a failure; doubled on every further failure, at most 10 minutes. */
  retryBaseMs?: number;
}

/** What an e-mail tells, read from the store when it is sent. */
export type MailContext =
  | { kind: 'label'; record: StoredReturn; label: { filename: string; pdf: Uint8Array } }
  | { kind: 'handedOver' | 'delivered'; record: StoredReturn; event: StoredParcelEvent; shop: string };

function mailContext(db: DatabaseSync, entry: OutboxEntry): MailContext {
  const record = findReturnById(db, entry.returnId);
  if (!record) throw new Error('the return is missing');
  if (entry.kind === 'label') {
    const label = record.labelGuid ? findLabel(db, record.labelGuid, 'label') : undefined;
    if (!label) throw new Error('the return or its label is missing');
    return { kind: entry.kind, record, label };
  }
  const event = parcelEvent(db, record.id, entry.kind);
  const page = findReturnPageById(db, record.pageId);
  if (!event || !page) throw new Error(`the return's ${entry.kind} event or its page is missing`);
  return { kind: entry.kind, record, event, shop: shopName(page) };
}

/**
 * Sends the queued e-mails, retrying failures with growing pauses. A send that keeps failing
 * ends as `failed` in the outbox: the return and its parcel's events stay as they are.
 */
export function startMailDispatcher(options: MailDispatcherOptions) {
  const { db, log } = options;
  const maxAttempts = options.maxAttempts ?? 8;
  const retryBaseMs = options.retryBaseMs ?? 5_000;

  async function deliver(entry: OutboxEntry): Promise<void> {
    try {
      const context = mailContext(db, entry);
      const messageId = await options.send(entry, context);
      markMailSent(db, entry.id, messageId);
      log.info('mail.sent', {
        batchId: context.record.batchId,
        kind: entry.kind,
        attempt: entry.attempts + 1,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryIn = Math.min(retryBaseMs * 2 ** entry.attempts, 600_000);
      markMailFailed(db, entry, message, retryIn, maxAttempts);
      log.warn('mail.failed', {
        outboxId: entry.id,
        kind: entry.kind,
        attempt: entry.attempts + 1,
        error: message,
        retryInMs: retryIn,
      });
    }
  }

  return startLoop(async (stopped) => {
    for (let entry = takeDueMail(db, 60_000); entry && !stopped(); entry = takeDueMail(db, 60_000)) {
      await deliver(entry);
    }
  }, options.pollMs ?? 1_000);
}
