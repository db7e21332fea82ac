import type { Redis } from 'ioredis';
import type { SiteLogger } from './log.ts';
import { recordSharedStoreUp } from './metrics.ts';
import { withTimeout } from './withTimeout.ts';

/**
 * What several site instances must share exactly (idempotency keys, spent human-check tokens)
 * cannot be guessed from one instance's memory: while the shared store does not answer, such a
 * request is refused with this error (503 storeUnavailable), never answered from local memory.
 */
export class StoreUnavailableError extends Error {
  readonly code = 'storeUnavailable';
}

/** The longest any request waits for the store: a frozen Redis holds no sender longer. */
export const storeAnswerWithinMs = 500;
/** How often a store that failed is asked again; it counts as up once it answers and is caught up. */
const probeEveryMs = 500;
/** Writes kept for a store that does not answer; each is a few dozen bytes. */
const backlogCapacity = 100_000;
/** Long enough for a Redis on the same network to answer, short enough not to hold up the start. */
const readyWithinMs = 1_000;
/** What a refused request tells the sender's browser to wait before it tries again. */
export const storeRetryAfterSeconds = 5;

export interface SharedStore {
  /** The connection, for a library that speaks to Redis itself (the rate limits); run() bounds our own calls. */
  readonly redis: Redis;
  /** False from a failure until Redis answers again and every delayed write has reached it. */
  readonly up: boolean;
  /**
   * Runs `work` against Redis within storeAnswerWithinMs. While the store is down it throws
   * StoreUnavailableError at once; a failure or a late answer marks it down and throws the same.
   */
  run<T>(work: (redis: Redis) => Promise<T>): Promise<T>;
  /** Marks the store down after a failure that a library met on its own connection. */
  failed(error: unknown): void;
  /**
   * A write that must reach Redis (a spent token, an outcome): now if the store answers, else
   * kept in order and written before the store counts as up again. `written` runs once it is in.
   */
  writeSurely(write: (redis: Redis) => Promise<unknown>, written?: () => void): Promise<void>;
  /** Asks Redis now (for /readyz): whether it answers and is caught up. */
  check(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The connection to the Redis that several site instances share, with its health.
 *
 * Lifecycle: opened once per process with the endpoints' dependencies. Up while Redis answers;
 * the first failure or late answer (a stopped, lost or frozen Redis) marks it down and logs
 * `sharedStoreUnavailable` once; from then on callers fail at once instead of each waiting,
 * and a probe asks Redis every half second. When Redis answers again the probe writes the
 * backlog in order, then marks it up and logs `sharedStoreRecovered`.
 */
export async function openSharedStore(url: string, log: SiteLogger): Promise<SharedStore> {
  const { Redis } = await import('ioredis');
  // No offline queue: while the connection is down a command fails at once instead of waiting
  // for it. A command sent to a Redis that stopped answering fails after commandTimeout.
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: storeAnswerWithinMs,
  });
  redis.on('error', (error: Error) => log.warn('sharedStoreConnection', { cause: error.message }));
  let up = true;
  let probe: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const backlog: { write: (redis: Redis) => Promise<unknown>; written?: (() => void) | undefined }[] = [];

  const markDown = (error: unknown) => {
    if (up)
      log.warn('sharedStoreUnavailable', {
        cause: (error as Partial<Error> | null | undefined)?.message ?? String(error),
      });
    up = false;
    recordSharedStoreUp(false);
    scheduleProbe();
  };
  const catchUp = async (): Promise<boolean> => {
    try {
      await withTimeout(storeAnswerWithinMs, () => redis.ping());
      for (let next = backlog[0]; next; next = backlog[0]) {
        const { write, written } = next;
        await withTimeout(storeAnswerWithinMs, () => write(redis));
        backlog.shift();
        written?.();
      }
      // No await since the backlog was last seen empty: nothing can have joined it unwritten.
      if (!up) {
        up = true;
        recordSharedStoreUp(true);
        log.info('sharedStoreRecovered');
      }
      return true;
    } catch {
      return false;
    }
  };
  const scheduleProbe = () => {
    if (probe || closed) return;
    probe = setTimeout(() => {
      void catchUp().then((answered) => {
        probe = undefined;
        if (!answered) scheduleProbe();
      });
    }, probeEveryMs);
    probe.unref();
  };
  redis.on('close', () => {
    if (!closed) markDown(new Error('the connection closed'));
  });

  const run = async <T>(work: (redis: Redis) => Promise<T>): Promise<T> => {
    if (!up) throw new StoreUnavailableError('the shared store is down');
    try {
      return await withTimeout(storeAnswerWithinMs, () => work(redis));
    } catch (error) {
      markDown(error);
      throw new StoreUnavailableError((error as Error).message);
    }
  };

  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, readyWithinMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  if (redis.status !== 'ready') markDown(new Error(`not ready within ${readyWithinMs} ms`));
  else recordSharedStoreUp(true);

  return {
    redis,
    get up() {
      return up;
    },
    run,
    failed: markDown,
    async writeSurely(write, written) {
      if (up) {
        try {
          await run(write);
          written?.();
          return;
        } catch {
          // Kept below, for when the store answers again.
        }
      }
      if (backlog.length >= backlogCapacity) {
        log.error('sharedStoreBacklogFull', { capacity: backlogCapacity });
        backlog.shift();
      }
      backlog.push({ write, written });
    },
    async check() {
      if (!up) return false;
      try {
        await run((client) => client.ping());
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      closed = true;
      clearTimeout(probe);
      redis.disconnect();
    },
  };
}
