import type { DatabaseSync } from 'node:sqlite';
import type { LabelLanguage } from '../../../carrier/labels/labelTexts.ts';
import { demoPages } from '../../../carrier/seed.ts';
import { parcelEvents } from '../../../carrier/store/parcelEvents.ts';
import { createReturnPage, type StoredReturnPage } from '../../../carrier/store/returnPages.ts';
import { createReturn, findReturnById, type StoredReturn } from '../../../carrier/store/returns.ts';
import { claimNextReturn, completeReturn } from '../../../carrier/store/returnWork.ts';
import { sender } from './fixtures.ts';

/** A return page of the demo's first shop (Kabelky Plzeň s.r.o.), stored under a fresh token. */
export const shopPage = (db: DatabaseSync): StoredReturnPage =>
  createReturnPage(db, { ...demoPages[0]!, token: undefined });

export interface ReturnOptions {
  page?: StoredReturnPage;
  language?: LabelLanguage;
  labelless?: boolean;
  driver?: boolean;
  /** When it was created and completed (epoch ms). */
  now?: number;
  demoProgress?: boolean;
  /** Leave it Accepted instead of completing it. */
  complete?: boolean;
}

/** A return as the worker leaves it: Complete with a label, its e-mail queued, unless told otherwise. */
export function storedReturn(db: DatabaseSync, options: ReturnOptions = {}): StoredReturn {
  const page = options.page ?? shopPage(db);
  const request = {
    base64Token: page.token,
    prepaidDriverPickUp: options.driver ?? false,
    labelless: options.labelless ?? false,
    sender,
  };
  const now = options.now ?? Date.now();
  const outcome = createReturn(db, { pageId: page.id, request, language: options.language ?? 'cs' }, now);
  if (outcome.kind !== 'created') throw new Error('not created');
  if (options.complete === false) return outcome.record;
  // The worker claims the oldest waiting return: a test keeps a return Accepted only after the others.
  const claimed = claimNextReturn(db, 60_000, now);
  if (claimed?.id !== outcome.record.id) throw new Error('another return was waiting first');
  const label = { format: 'label' as const, filename: 'l.pdf', pdf: Buffer.from('%PDF-x') };
  completeReturn(db, claimed, [label], now, { demoProgress: options.demoProgress ?? false });
  return findReturnById(db, claimed.id)!;
}

/** The types of a return's parcel events, in the order of its journey. */
export const journeyOf = (db: DatabaseSync, returnId: number): string[] =>
  parcelEvents(db, returnId).map((event) => event.type);
