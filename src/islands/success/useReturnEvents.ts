import useSWR from 'swr';
import { pollIntervalMs } from '../../lib/acceptedReturn.ts';
import type { ReturnEvent } from '@parcel-returns/contract';
import { siteApi } from '../../lib/siteApi.ts';
import { callApi } from '../api.ts';

/** What happened to a return after its label, or that its carrier does not say. */
export type ReturnEvents = ReturnEvent[] | 'unsupported';

/** The steps after which nothing more happens to a return. */
const lastSteps = new Set<ReturnEvent['type']>(['delivered', 'returned']);

/** Whether the return has come to its end: nothing more to poll for. */
export const isSettled = (events: ReturnEvents) =>
  events === 'unsupported' || events.some((event) => lastSteps.has(event.type));

async function fetchEvents(url: string): Promise<ReturnEvents> {
  // What came over the network: the list is checked to be one before it is read as events.
  const result = await callApi<{ events?: unknown } | null>('events', url);
  if (!result.ok && result.code === 'eventsUnsupported') return 'unsupported';
  if (!result.ok || !Array.isArray(result.data?.events)) throw new Error('events failed');
  return result.data.events as ReturnEvent[];
}

/**
 * The return's events as the sent page came with them, then as polled while the page is open
 * (every 5 s, as the status, until the return is delivered or sent back). A failed poll keeps
 * what the page shows and tries again at the next one: the events are news, not the return.
 */
export function useReturnEvents(batchId: string, token: string, initial: ReturnEvents): ReturnEvents {
  const { data } = useSWR<ReturnEvents>(
    isSettled(initial) ? null : siteApi.events(batchId, token),
    fetchEvents,
    {
      fallbackData: initial,
      revalidateOnMount: false,
      refreshInterval: (latest) => (latest && isSettled(latest) ? 0 : pollIntervalMs),
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      shouldRetryOnError: false,
      dedupingInterval: 0,
    },
  );
  return data ?? initial;
}
