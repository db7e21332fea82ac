import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../carrier/log.ts';
import { startMailDispatcher } from '../../../carrier/mailDispatcher.ts';
import { demoPages } from '../../../carrier/seed.ts';
import { openDatabase } from '../../../carrier/store/db.ts';
import { mailOfReturn } from '../../../carrier/store/outbox.ts';
import { createReturnPage } from '../../../carrier/store/returnPages.ts';
import { createReturn, findReturn } from '../../../carrier/store/returns.ts';
import { claimNextReturn, completeReturn } from '../../../carrier/store/returnWork.ts';
import { sender } from './fixtures.ts';

let db: DatabaseSync;

beforeEach(() => {
  db = openDatabase(':memory:');
});
afterEach(() => db.close());

/** A Complete return with its label stored and its e-mail queued. */
function completedReturn() {
  const page = createReturnPage(db, demoPages[0]!);
  const request = { base64Token: page.token, prepaidDriverPickUp: false, labelless: false, sender };
  const outcome = createReturn(db, { pageId: page.id, request, language: 'cs' });
  if (outcome.kind !== 'created') throw new Error('not created');
  const claimed = claimNextReturn(db, 60_000)!;
  completeReturn(db, claimed, [{ format: 'label', filename: 'l.pdf', pdf: Buffer.from('%PDF-x') }]);
  return outcome.record;
}

describe('mail dispatcher', () => {
  it('retries a failed send and records the delivery', async () => {
    const record = completedReturn();
    let calls = 0;
    const dispatcher = startMailDispatcher({
      db,
      log: silentLogger,
      retryBaseMs: 1,
      pollMs: 5,
      send: async (_entry, context) => {
        calls += 1;
        expect(context.kind === 'label' && Buffer.from(context.label.pdf).toString()).toBe('%PDF-x');
        if (calls < 3) throw new Error('connection refused');
        return '<id@test>';
      },
    });
    await expect.poll(() => mailOfReturn(db, record.id)?.status, { timeout: 5_000 }).toBe('sent');
    await dispatcher.stop();
    expect(mailOfReturn(db, record.id)).toMatchObject({
      attempts: 3,
      messageId: '<id@test>',
      lastError: null,
    });
  });

  it('gives up after the last attempt, keeps the error visible, and leaves the return Complete', async () => {
    const record = completedReturn();
    const dispatcher = startMailDispatcher({
      db,
      log: silentLogger,
      retryBaseMs: 1,
      pollMs: 5,
      maxAttempts: 4,
      send: async () => {
        throw new Error('mailbox unavailable');
      },
    });
    await expect.poll(() => mailOfReturn(db, record.id)?.status, { timeout: 5_000 }).toBe('failed');
    await dispatcher.stop();
    expect(mailOfReturn(db, record.id)).toMatchObject({ attempts: 4, lastError: 'mailbox unavailable' });
    expect(findReturn(db, record.batchId)?.state).toBe('Complete');
  });
});
