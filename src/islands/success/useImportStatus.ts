import useSWR from 'swr';
import type { ImportStatus } from '../../lib/contract.ts';
import { siteApi } from '../../lib/siteApi.ts';
import { callApi } from '../api.ts';
import { labelReady } from '../stores/returnState.ts';

/** Spec §4: the status is polled every 5000 ms once a batch id is set. */
export const pollIntervalMs = 5000;

type Status = ImportStatus & { qrSvg?: string };

async function fetchStatus(url: string): Promise<Status> {
  const result = await callApi<Status>('status', url);
  // A non-200 or an empty answer is a failure too (spec §4).
  if (!result.ok || result.status !== 200 || !result.data?.importState) throw new Error('status failed');
  return result.data;
}

/**
 * Polls the import of `batchId` until it is Complete (the label is stored as ready) or
 * Error; an Error, a failing call or an empty answer calls `onFailure`.
 */
export function useImportStatus(batchId: string | undefined, onFailure: () => void): void {
  useSWR<Status>(batchId ? siteApi.status(batchId) : null, fetchStatus, {
    refreshInterval: (data) =>
      data && (data.importState === 'Complete' || data.importState === 'Error') ? 0 : pollIntervalMs,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
    dedupingInterval: 0,
    onSuccess: (data) => {
      // Spec §8: an import that ends in Error is logged as a structured error too.
      if (data.importState === 'Error') console.error({ code: 'importError', call: 'status' });
      if (data.importState === 'Error' || (data.importState === 'Complete' && !data.labelGuid)) onFailure();
      else if (data.importState === 'Complete' && data.labelGuid) {
        labelReady(data.labelGuid, { smartPin: data.smartPin ?? undefined, qrSvg: data.qrSvg });
      }
    },
    onError: onFailure,
  });
}
