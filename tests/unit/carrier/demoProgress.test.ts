import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCarrierConfig } from '../../../carrier/config.ts';
import { demoPickupPoints, startDemoProgress } from '../../../carrier/demoProgress.ts';
import { silentLogger } from '../../../carrier/log.ts';
import { openDatabase } from '../../../carrier/store/db.ts';
import { startWorker } from '../../../carrier/worker.ts';
import { mailOfReturn } from '../../../carrier/store/outbox.ts';
import { parcelEvents, recordParcelEvent } from '../../../carrier/store/parcelEvents.ts';
import { journeyOf, storedReturn } from './_returns.ts';

let db: DatabaseSync;
beforeEach(() => {
  db = openDatabase(':memory:');
});
afterEach(() => db.close());

const typesOf = (returnId: number) => journeyOf(db, returnId);
const demoFlag = (returnId: number) =>
  (db.prepare('SELECT demo_progress FROM returns WHERE id = ?').get(returnId) as { demo_progress: number })
    .demo_progress;

describe('demo progress', () => {
  it('is off unless asked for, with a step of a minute', () => {
    const config = parseCarrierConfig({ CARRIER_API_KEY: 'k'.repeat(16) });
    expect(config).toMatchObject({ CARRIER_DEMO_PROGRESS: 'off', CARRIER_DEMO_PROGRESS_STEP_MS: 60_000 });
    expect(() =>
      parseCarrierConfig({ CARRIER_API_KEY: 'k'.repeat(16), CARRIER_DEMO_PROGRESS: 'yes' }),
    ).toThrow();
  });

  it('moves a new return along to delivered, step by step, with its e-mails, then lets it be', async () => {
    const atPoint = storedReturn(db, { demoProgress: true });
    const byDriver = storedReturn(db, { demoProgress: true, driver: true });
    const untouched = storedReturn(db);
    let told = 0;
    const demo = startDemoProgress({ db, log: silentLogger, stepMs: 20, onEvent: () => (told += 1) });
    await expect.poll(() => typesOf(byDriver.id), { timeout: 5_000 }).toContain('delivered');
    await expect.poll(() => typesOf(atPoint.id), { timeout: 5_000 }).toContain('delivered');
    await expect.poll(() => demoFlag(atPoint.id), { timeout: 5_000 }).toBe(0);
    await demo.stop();

    const journey = parcelEvents(db, atPoint.id);
    expect(typesOf(atPoint.id)).toEqual(['labelCreated', 'handedOver', 'inTransit', 'delivered']);
    expect(demoPickupPoints).toContain(journey[1]?.place);
    for (let i = 1; i < journey.length; i++)
      expect(journey[i]!.at - journey[i - 1]!.at).toBeGreaterThanOrEqual(20);
    expect(parcelEvents(db, byDriver.id)[1]).toMatchObject({ type: 'handedOver', place: null });
    expect(mailOfReturn(db, atPoint.id, 'handedOver')).toBeDefined();
    expect(mailOfReturn(db, atPoint.id, 'delivered')).toBeDefined();
    expect(told).toBe(6);
    expect(typesOf(untouched.id)).toEqual(['labelCreated']);
  });

  it('takes the returns the worker completed while it was on', async () => {
    const before = storedReturn(db);
    const record = storedReturn(db, { complete: false });
    const labels = async () => [{ format: 'label' as const, filename: 'l.pdf', pdf: Buffer.from('%PDF') }];
    const worker = startWorker({
      db,
      log: silentLogger,
      renderLabels: labels,
      processingDelayMs: 0,
      demoProgress: true,
    });
    await worker.drained();
    await worker.stop();
    expect([demoFlag(before.id), demoFlag(record.id)]).toEqual([0, 1]);
  });

  it('stops where a depot scan took another way', async () => {
    const record = storedReturn(db, { demoProgress: true });
    recordParcelEvent(db, record.shipmentNumber!, 'handedOver', { place: 'Depot' });
    recordParcelEvent(db, record.shipmentNumber!, 'notCollected');
    const demo = startDemoProgress({ db, log: silentLogger, stepMs: 1 });
    await expect.poll(() => demoFlag(record.id), { timeout: 5_000 }).toBe(0);
    await demo.stop();
    expect(typesOf(record.id)).toEqual(['labelCreated', 'handedOver', 'notCollected']);
  });
});
