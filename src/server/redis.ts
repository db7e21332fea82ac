import type { Redis } from 'ioredis';
import type { SiteLogger } from './log.ts';

// Long enough for a Redis on the same network to answer, short enough not to hold up the first request.
const readyWithinMs = 1_000;

/**
 * A connection to the Redis that several site instances share. Commands fail at once while
 * it is down instead of queueing (each caller decides what a failure means); every
 * connection error is logged under `code`, without the URL, which may hold a password.
 */
export async function connectRedis(url: string, log: SiteLogger, code: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  client.on('error', (error: Error) => log.warn(code, { cause: error.message }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await new Promise<void>((resolve) => {
    timer = setTimeout(resolve, readyWithinMs);
    client.once('ready', resolve);
  });
  clearTimeout(timer);
  return client;
}
