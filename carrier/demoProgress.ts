import type { DatabaseSync } from 'node:sqlite';
import type { ReturnEventType } from '@parcel-returns/contract';
import type { Logger } from './log.ts';
import { startLoop } from './loop.ts';
import { dueDemoSteps, endDemoJourney } from './store/demoJourneys.ts';
import { recordParcelEvent, ScanRefused, type ScanEvent } from './store/parcelEvents.ts';

/** The journey of a demo parcel: handed over, on its way, delivered to the shop. */
const demoNext: Partial<Record<ReturnEventType, ScanEvent>> = {
  labelCreated: 'handedOver',
  handedOver: 'inTransit',
  inTransit: 'delivered',
};

/** Pick-up points a demo parcel is handed over at (a driver-pickup parcel is collected instead). */
export const demoPickupPoints = [
  'Parcelo Box Plzeň, Americká 42',
  'Trafika U Zoo, Plzeň',
  'Papírnictví Na Slovanech, Plzeň',
] as const;

export interface DemoProgressOptions {
  db: DatabaseSync;
  log: Logger;
  /** The pause between two steps of a parcel. */
  stepMs: number;
  /** Told after each step, so its e-mail goes out at once. */
  onEvent?: () => void;
}

/**
 * Moves each return that completed with the demo on along its journey, one step every `stepMs`,
 * through the same rules and e-mails as a depot scan. A scan by hand in between is respected: a
 * step the rules refuse ends the demo for that parcel.
 */
export function startDemoProgress(options: DemoProgressOptions) {
  const { db, log, stepMs } = options;
  return startLoop(
    async (stopped) => {
      for (const due of dueDemoSteps(db, stepMs)) {
        if (stopped()) return;
        const next = demoNext[due.latest];
        if (!next) {
          endDemoJourney(db, due.returnId);
          continue;
        }
        const place =
          next === 'handedOver' && !due.driverPickup
            ? demoPickupPoints[due.returnId % demoPickupPoints.length]
            : undefined;
        try {
          recordParcelEvent(db, due.shipmentNumber, next, { place });
          log.info('demo.progress', { shipmentNumber: due.shipmentNumber, event: next });
          options.onEvent?.();
        } catch (error) {
          if (!(error instanceof ScanRefused)) throw error;
          endDemoJourney(db, due.returnId);
          log.warn('demo.ended', { shipmentNumber: due.shipmentNumber, code: error.code });
        }
      }
    },
    Math.min(stepMs, 1_000),
  );
}
