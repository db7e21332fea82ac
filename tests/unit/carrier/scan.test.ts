import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../carrier/log.ts';
import { composeOutboxMail } from '../../../carrier/mail/outboxMail.ts';
import type { ComposedMail } from '../../../carrier/mail/mailLayout.ts';
import { startMailDispatcher } from '../../../carrier/mailDispatcher.ts';
import { runScan } from '../../../carrier/scanCommand.ts';
import { openDatabase } from '../../../carrier/store/db.ts';
import { mailOfReturn } from '../../../carrier/store/outbox.ts';
import { parcelEvents } from '../../../carrier/store/parcelEvents.ts';
import { findReturnById, shipmentNumberFor } from '../../../carrier/store/returns.ts';
import { sender } from './fixtures.ts';
import { journeyOf, storedReturn } from './_returns.ts';

let dir: string;
let dbPath: string;
let db: DatabaseSync;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'scan-'));
  dbPath = join(dir, 'carrier.sqlite');
  db = openDatabase(dbPath);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const day = 86_400_000;
const typesOf = (returnId: number) => journeyOf(db, returnId);

/** Runs a scan and expects it refused with `code`. */
function expectRefused(shipment: string, event: string, code: string, place?: string) {
  const outcome = runScan(db, shipment, event, place);
  expect(outcome).toMatchObject({ ok: false, code });
}

/** Sends what is queued through the dispatcher and gives back the composed e-mails, by kind. */
async function sentMails(): Promise<Map<string, ComposedMail & { to: string }>> {
  const mails = new Map<string, ComposedMail & { to: string }>();
  const dispatcher = startMailDispatcher({
    db,
    log: silentLogger,
    send: async (entry, context) => {
      mails.set(entry.kind, { ...(await composeOutboxMail(context)), to: entry.recipient });
      return `<${entry.id}@test>`;
    },
  });
  await dispatcher.drained();
  await dispatcher.stop();
  return mails;
}

describe('depot scans', () => {
  it('records a parcel handed over at a pick-up point, on its way and delivered, each with its time', () => {
    const record = storedReturn(db, { now: Date.UTC(2025, 2, 13, 9) });
    const shipment = record.shipmentNumber!;
    const handed = runScan(db, shipment, 'handedOver', ' Trafika U Zoo, Plzeň ', Date.UTC(2025, 2, 14, 9));
    expect(handed).toEqual({
      ok: true,
      message: `${shipment}: handedOver at Trafika U Zoo, Plzeň, 2025-03-14T09:00:00.000Z`,
    });
    expect(runScan(db, shipment, 'inTransit', undefined)).toMatchObject({ ok: true });
    expect(runScan(db, shipment, 'delivered', undefined)).toMatchObject({ ok: true });
    expect(typesOf(record.id)).toEqual(['labelCreated', 'handedOver', 'inTransit', 'delivered']);
    const stored = parcelEvents(db, record.id);
    expect(stored[1]).toMatchObject({ place: 'Trafika U Zoo, Plzeň', at: Date.UTC(2025, 2, 14, 9) });
    expect(stored[2]?.place).toBeNull();
    expect(findReturnById(db, record.id)?.state).toBe('Complete');
  });

  it('sends a parcel that was not collected back to the sender, and a driver may collect without a place', () => {
    const record = storedReturn(db, { driver: true });
    const shipment = record.shipmentNumber!;
    expect(runScan(db, shipment, 'handedOver', undefined)).toMatchObject({
      ok: true,
      message: expect.stringContaining('handedOver by the courier'),
    });
    expect(runScan(db, shipment, 'notCollected', undefined)).toMatchObject({ ok: true });
    expect(runScan(db, shipment, 'returned', undefined)).toMatchObject({ ok: true });
    expect(typesOf(record.id)).toEqual(['labelCreated', 'handedOver', 'notCollected', 'returned']);
  });

  it('refuses an unknown shipment, an unknown event and a return without a label', () => {
    const complete = storedReturn(db);
    expectRefused('10000000009999', 'handedOver', 'shipmentNotFound');
    expectRefused('12345', 'handedOver', 'shipmentNotFound');
    // A valid number (check digit and all) of a return that does not exist.
    expectRefused(shipmentNumberFor(4242), 'handedOver', 'shipmentNotFound');
    expectRefused(complete.shipmentNumber!, 'lost', 'unknownEvent');
    expectRefused(complete.shipmentNumber!, 'labelCreated', 'unknownEvent');
    const accepted = storedReturn(db, { complete: false });
    expectRefused(shipmentNumberFor(accepted.id), 'handedOver', 'returnNotComplete');
    expect(typesOf(accepted.id)).toEqual([]);
  });

  it('refuses a step twice and a step out of order, and ends the journey at delivered or returned', () => {
    const record = storedReturn(db);
    const shipment = record.shipmentNumber!;
    expectRefused(shipment, 'delivered', 'eventOutOfOrder');
    expectRefused(shipment, 'returned', 'eventOutOfOrder');
    runScan(db, shipment, 'handedOver', 'Trafika U Zoo, Plzeň');
    expectRefused(shipment, 'handedOver', 'eventAlreadyRecorded');
    expectRefused(shipment, 'returned', 'eventOutOfOrder');
    runScan(db, shipment, 'delivered', undefined);
    expectRefused(shipment, 'delivered', 'eventAlreadyRecorded');
    expectRefused(shipment, 'inTransit', 'eventOutOfOrder');
    expectRefused(shipment, 'notCollected', 'eventOutOfOrder');
    expect(typesOf(record.id)).toEqual(['labelCreated', 'handedOver', 'delivered']);
  });

  it('takes a place only for handedOver, and refuses a label-less code past its 14 days', () => {
    const record = storedReturn(db);
    expectRefused(record.shipmentNumber!, 'handedOver', 'placeNotAllowed', '  ');
    expectRefused(record.shipmentNumber!, 'inTransit', 'placeNotAllowed', 'Depot Plzeň');
    const old = storedReturn(db, { labelless: true, now: Date.now() - 15 * day });
    expectRefused(old.shipmentNumber!, 'handedOver', 'codeExpired');
    const recent = storedReturn(db, { labelless: true, now: Date.now() - 13 * day });
    expect(runScan(db, recent.shipmentNumber!, 'handedOver', 'Trafika U Zoo, Plzeň').ok).toBe(true);
  });
});

describe('e-mails of a journey', () => {
  it('queues one proof of drop-off and one delivery note, nothing for the other steps', () => {
    const record = storedReturn(db);
    const shipment = record.shipmentNumber!;
    runScan(db, shipment, 'handedOver', 'Trafika U Zoo, Plzeň');
    expect(mailOfReturn(db, record.id, 'handedOver')).toMatchObject({
      status: 'pending',
      recipient: sender.email,
    });
    runScan(db, shipment, 'inTransit', undefined);
    runScan(db, shipment, 'delivered', undefined);
    expect(mailOfReturn(db, record.id, 'delivered')).toMatchObject({ status: 'pending' });
    const kinds = db.prepare('SELECT kind FROM outbox WHERE return_id = ? ORDER BY id').all(record.id);
    expect(kinds.map((row) => row['kind'])).toEqual(['label', 'handedOver', 'delivered']);
  });

  it('writes them in Czech: where and when it was handed over, and which shop has it now', async () => {
    const record = storedReturn(db, { now: Date.UTC(2025, 2, 13, 9) });
    const shipment = record.shipmentNumber!;
    runScan(db, shipment, 'handedOver', 'Trafika U Zoo, Plzeň', Date.UTC(2025, 2, 14, 9, 5));
    runScan(db, shipment, 'delivered', undefined, Date.UTC(2025, 2, 16, 12));
    const mails = await sentMails();
    const handedOver = mails.get('handedOver')!;
    expect(handedOver.to).toBe(sender.email);
    expect(handedOver.subject).toBe(`Potvrzení o předání zásilky ${shipment}`);
    expect(handedOver.text).toContain('Místo předání: Trafika U Zoo, Plzeň');
    expect(handedOver.text).toContain('Čas předání: 14. března 2025 v 10:05 SEČ');
    expect(handedOver.html).toContain('<html lang="cs">');
    const delivered = mails.get('delivered')!;
    expect(delivered.subject).toBe(`Zásilka ${shipment} byla doručena`);
    expect(delivered.text).toContain(
      'vaše zpětná zásilka byla 16. března 2025 doručena příjemci Kabelky Plzeň s.r.o.',
    );
    expect(delivered.text).toContain('Peníze vám vrací obchod Kabelky Plzeň s.r.o., ne dopravce.');
    expect(findReturnById(db, record.id)?.state).toBe('Complete');
  });

  it('writes them in the language of the return, and names the courier where no place was scanned', async () => {
    const record = storedReturn(db, { language: 'en', driver: true, now: Date.UTC(2025, 5, 30) });
    const shipment = record.shipmentNumber!;
    runScan(db, shipment, 'handedOver', undefined, Date.UTC(2025, 6, 1, 15, 30));
    runScan(db, shipment, 'delivered', undefined, Date.UTC(2025, 6, 3, 8));
    const mails = await sentMails();
    expect(mails.get('handedOver')!.subject).toBe(`Proof of drop-off for shipment ${shipment}`);
    expect(mails.get('handedOver')!.text).toContain('Handed over at: Collected by the driver');
    expect(mails.get('handedOver')!.text).toMatch(/Time: July 1, 2025(,| at) 05:30 PM GMT\+2/);
    expect(mails.get('delivered')!.text).toContain(
      'Your return parcel was delivered to Kabelky Plzeň s.r.o. on July 3, 2025.',
    );
    expect(mails.get('delivered')!.html).toContain('<html lang="en">');
  });
});

describe('carrier:cli scan', () => {
  const cli = (...args: string[]) =>
    execFileSync(process.execPath, ['carrier/cli.ts', 'scan', ...args, '--db', dbPath], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  it('records a scan in the database the carrier runs on, and exits 1 with the code of a refusal', () => {
    const record = storedReturn(db);
    const shipment = record.shipmentNumber!;
    expect(cli(shipment, 'handedOver', '--place', 'Trafika U Zoo, Plzeň')).toMatch(
      new RegExp(`^${shipment}: handedOver at Trafika U Zoo, Plzeň, \\d{4}-`),
    );
    expect(typesOf(record.id)).toEqual(['labelCreated', 'handedOver']);
    let failure: { status?: number; stderr?: string } = {};
    try {
      cli(shipment, 'handedOver');
    } catch (error) {
      failure = error as typeof failure;
    }
    expect(failure.status).toBe(1);
    expect(failure.stderr).toBe(`eventAlreadyRecorded: Shipment ${shipment} already has handedOver.\n`);
  });
});
