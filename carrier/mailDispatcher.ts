import type { DatabaseSync } from 'node:sqlite';
import type { Logger } from './log.ts';
import { startLoop } from './loop.ts';
import { findLabel } from './store/labels.ts';
import { markMailFailed, markMailSent, takeDueMail, type OutboxEntry } from './store/outbox.ts';
import { findReturnById } from './store/returns.ts';

export interface MailDispatcherOptions {
  db: DatabaseSync;
  log: Logger;
  /** Sends the label e-mail of a Complete return; resolves with the message id. */
  send: (entry: OutboxEntry, context: MailContext) => Promise<string>;
  pollMs?: number;
  maxAttempts?: number;
  /** First pause after a failure; doubled on every further failure, at most 10 minutes. */
  retryBaseMs?: number;
}

export interface MailContext {
  record: NonNullable<ReturnType<typeof findReturnById>>;
  label: { filename: string; pdf: Uint8Array };
}

/**
 * Sends the queued label e-mails, retrying failures with growing pauses. A send that
 * keeps failing ends as `failed` in the outbox: the return itself stays Complete.
 */
export function startMailDispatcher(options: MailDispatcherOptions) {
  const { db, log } = options;
  const maxAttempts = options.maxAttempts ?? 8;
  const retryBaseMs = options.retryBaseMs ?? 5_000;

  async function deliver(entry: OutboxEntry): Promise<void> {
    const record = findReturnById(db, entry.returnId);
    const label = record?.labelGuid ? findLabel(db, record.labelGuid, 'label') : undefined;
    try {
      if (!record || !label) throw new Error('the return or its label is missing');
      const messageId = await options.send(entry, { record, label });
      markMailSent(db, entry.id, messageId);
      log.info('mail.sent', { batchId: record.batchId, attempt: entry.attempts + 1 });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryIn = Math.min(retryBaseMs * 2 ** entry.attempts, 600_000);
      markMailFailed(db, entry, message, retryIn, maxAttempts);
      log.warn('mail.failed', {
        outboxId: entry.id,
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
