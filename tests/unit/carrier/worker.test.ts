import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../carrier/log.ts';
import { demoPages } from '../../../carrier/seed.ts';
import { openDatabase } from '../../../carrier/store/db.ts';
import { mailOfReturn } from '../../../carrier/store/outbox.ts';
import { createReturnPage } from '../../../carrier/store/returnPages.ts';
import {
  createReturn,
  findReturn,
  returnHistory,
  shipmentNumberFor,
} from '../../../carrier/store/returns.ts';
import { claimNextReturn, completeReturn, holdReturns } from '../../../carrier/store/returnWork.ts';
import { startWorker, type RenderedLabel } from '../../../carrier/worker.ts';
import { sender } from './fixtures.ts';

let dir: string;
let path: string;
let db: DatabaseSync;
let pageId: number;

const request = {
  base64Token: 'demo-kabelky-plzen-driver-pickup',
  prepaidDriverPickUp: false,
  labelless: false,
  sender,
};
const fakeLabels = async (): Promise<RenderedLabel[]> => [
  { format: 'label', filename: 'l.pdf', pdf: Buffer.from('%PDF-label') },
  { format: 'a4', filename: 'l-a4.pdf', pdf: Buffer.from('%PDF-a4') },
];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'worker-'));
  path = join(dir, 'carrier.sqlite');
  db = openDatabase(path);
  pageId = createReturnPage(db, demoPages[0]!).id;
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const newReturn = () => {
  const outcome = createReturn(db, { pageId, request, language: 'cs' });
  if (outcome.kind !== 'created') throw new Error('not created');
  return outcome.record;
};

describe('return worker', () => {
  it('moves a return Accepted → InProcess → Complete and queues exactly one e-mail', async () => {
    const record = newReturn();
    const worker = startWorker({ db, log: silentLogger, renderLabels: fakeLabels, processingDelayMs: 0 });
    await worker.drained();
    await worker.stop();
    const done = findReturn(db, record.batchId)!;
    expect(done.state).toBe('Complete');
    expect(done.shipmentNumber).toBe(shipmentNumberFor(record.id));
    expect(returnHistory(db, record.id).map((e) => e.state)).toEqual(['Accepted', 'InProcess', 'Complete']);
    expect(mailOfReturn(db, record.id)).toMatchObject({ status: 'pending', recipient: sender.email });
  });

  it('picks up a return that was in flight when the process died, and finishes it once', async () => {
    const record = newReturn();
    // The "previous process" claimed it with a long lease, then died before finishing.
    const stale = claimNextReturn(db, 3_600_000)!;
    db.close();

    db = openDatabase(path);
    const worker = startWorker({ db, log: silentLogger, renderLabels: fakeLabels, processingDelayMs: 0 });
    await worker.drained();
    await worker.stop();
    const done = findReturn(db, record.batchId)!;
    expect(done.state).toBe('Complete');
    expect(done.attempts).toBe(2);
    expect(returnHistory(db, record.id).map((e) => e.state)).toEqual([
      'Accepted',
      'InProcess',
      'InProcess',
      'Complete',
    ]);

    // Had the old process come back, its late completion is refused: nothing is done twice.
    expect(completeReturn(db, stale, await fakeLabels())).toBe(false);
    const labels = db.prepare('SELECT COUNT(*) AS n FROM labels WHERE return_id = ?').get(record.id) as {
      n: number;
    };
    expect(labels.n).toBe(2);
    const mails = db.prepare('SELECT COUNT(*) AS n FROM outbox WHERE return_id = ?').get(record.id) as {
      n: number;
    };
    expect(mails.n).toBe(1);
    expect(findReturn(db, record.batchId)!.labelGuid).toBe(done.labelGuid);
  });

  it('retries a failing label and ends in Error with the reason after the last attempt', async () => {
    const record = newReturn();
    let calls = 0;
    const worker = startWorker({
      db,
      log: silentLogger,
      processingDelayMs: 0,
      retryMs: 1,
      pollMs: 5,
      maxAttempts: 3,
      renderLabels: async () => {
        calls += 1;
        throw new Error('printer on fire');
      },
    });
    await expect.poll(() => findReturn(db, record.batchId)!.state, { timeout: 5_000 }).toBe('Error');
    await worker.stop();
    expect(calls).toBe(3);
    expect(findReturn(db, record.batchId)!.errorReason).toBe('Label could not be created: printer on fire');
    expect(mailOfReturn(db, record.id)).toBeUndefined();
  });

  it('processes many returns each exactly once', async () => {
    const records = Array.from({ length: 25 }, newReturn);
    const worker = startWorker({ db, log: silentLogger, renderLabels: fakeLabels, processingDelayMs: 0 });
    await worker.drained();
    await worker.stop();
    expect(records.map((r) => findReturn(db, r.batchId)!.state)).toEqual(Array(25).fill('Complete'));
    const shipmentNumbers = new Set(records.map((r) => findReturn(db, r.batchId)!.shipmentNumber));
    expect(shipmentNumbers.size).toBe(25);
  });

  it('leaves the returns of a held page waiting, works on the others, and takes them up once released', async () => {
    const token = demoPages[0]!.token;
    const otherPage = createReturnPage(db, { ...demoPages[0]!, token: 'another-shop' }).id;
    expect(holdReturns(db, token, true)).toBe(true);
    const held = newReturn();
    const outcome = createReturn(db, { pageId: otherPage, request, language: 'cs' });
    if (outcome.kind !== 'created') throw new Error('not created');
    const worker = startWorker({
      db,
      log: silentLogger,
      renderLabels: fakeLabels,
      processingDelayMs: 0,
      pollMs: 20,
    });
    try {
      await worker.drained();
      await expect.poll(() => findReturn(db, outcome.record.batchId)?.state).toBe('Complete');
      expect(findReturn(db, held.batchId)?.state).toBe('Accepted');
      expect(holdReturns(db, token, false)).toBe(true);
      await expect.poll(() => findReturn(db, held.batchId)?.state).toBe('Complete');
    } finally {
      await worker.stop();
    }
    expect(holdReturns(db, 'no-such-token', true)).toBe(false);
  });
});

describe('shipment numbers', () => {
  it('are 14 digits with a check digit', () => {
    expect(shipmentNumberFor(1)).toMatch(/^1\d{13}$/);
    expect(shipmentNumberFor(1)).not.toBe(shipmentNumberFor(2));
    // GS1 rule: weights 1, 3, 1, 3… from the right, check digit included, sum to a multiple of 10.
    for (const id of [1, 7, 42, 999_999]) {
      const digits = Array.from(shipmentNumberFor(id)).reverse().map(Number);
      expect(digits.reduce((sum, d, i) => sum + d * (i % 2 === 0 ? 1 : 3), 0) % 10).toBe(0);
    }
  });
});
