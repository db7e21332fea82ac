import type { DatabaseSync } from 'node:sqlite';
import type { Logger } from './log.ts';
import { startLoop } from './loop.ts';
import { findReturnPageById, type StoredReturnPage } from './store/returnPages.ts';
import type { StoredReturn } from './store/returns.ts';
import {
  claimNextReturn,
  completeReturn,
  failReturn,
  postponeReturn,
  releaseLeases,
} from './store/returnWork.ts';

export type RenderedLabel = { format: 'label' | 'a4'; filename: string; pdf: Uint8Array };

export interface WorkerOptions {
  db: DatabaseSync;
  renderLabels: (record: StoredReturn, page: StoredReturnPage) => Promise<RenderedLabel[]>;
  log: Logger;
  /** How long the carrier's back office "takes" before a label exists (0 in tests). */
  processingDelayMs: number;
  leaseMs?: number;
  pollMs?: number;
  maxAttempts?: number;
  /** Pause before a failed attempt is tried again, times the attempt number. */
  retryMs?: number;
  onComplete?: () => void;
  /** Marks each return it completes for the demo to move along (`CARRIER_DEMO_PROGRESS`). */
  demoProgress?: boolean;
}

export interface Worker {
  /** Looks for work now instead of at the next poll. */
  kick(): void;
  /** Resolves once no return is waiting or being worked on. */
  drained(): Promise<void>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Moves returns Accepted → InProcess → Complete | Error, one at a time. On start it lets
 * the leases of a previous process run out, so a return that was in flight when the
 * process died is done again; finishing checks the lease, so it is never done twice.
 */
export function startWorker(options: WorkerOptions): Worker {
  const { db, log } = options;
  const leaseMs = options.leaseMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const retryMs = options.retryMs ?? 2_000;
  const released = releaseLeases(db);
  if (released > 0) log.warn('worker.resumed', { returns: released });

  async function process(record: StoredReturn): Promise<void> {
    const page = findReturnPageById(db, record.pageId);
    if (options.processingDelayMs > 0) await sleep(options.processingDelayMs);
    if (!page || page.importOutcome === 'error') {
      failReturn(db, record, 'The return page does not accept returns (it is set to reject imports).');
      log.warn('return.error', { batchId: record.batchId, reason: 'rejected by page' });
      return;
    }
    try {
      const labels = await options.renderLabels(record, page);
      if (completeReturn(db, record, labels, Date.now(), { demoProgress: options.demoProgress ?? false })) {
        log.info('return.complete', { batchId: record.batchId, attempts: record.attempts });
        options.onComplete?.();
      }
    } catch (error) {
      const reason = `Label could not be created: ${error instanceof Error ? error.message : String(error)}`;
      log.error('return.labelFailed', { batchId: record.batchId, attempt: record.attempts, reason });
      if (record.attempts >= maxAttempts) failReturn(db, record, reason);
      else postponeReturn(db, record, retryMs * record.attempts);
    }
  }

  return startLoop(async (stopped) => {
    for (
      let record = claimNextReturn(db, leaseMs);
      record && !stopped();
      record = claimNextReturn(db, leaseMs)
    ) {
      await process(record);
    }
  }, options.pollMs ?? 500);
}
