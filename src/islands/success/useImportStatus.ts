import useSWR from 'swr';
import { importOutcome, pollIntervalMs } from '../../lib/acceptedReturn.ts';
import type { ImportStatus } from '../../lib/contract.ts';
import { siteApi } from '../../lib/siteApi.ts';
import { callApi } from '../api.ts';
import { labelReady } from '../stores/returnState.ts';

type Status = ImportStatus & { qrSvg?: string };

async function fetchStatus(url: string): Promise<Status> {
  const result = await callApi<Status>('status', url);
  // A non-200 or an empty answer is a failure too (spec §4).
  if (!result.ok || result.status !== 200 || !result.data?.importState) throw new Error('status failed');
  return result.data;
}

/**
 * Polls the import of `batchId` while it is pending (src/lib/acceptedReturn.ts, the sent page's
 * rule too): a ready label is stored; a failed import, a failing call or an empty answer calls
 * `onFailure`.
 */
export function useImportStatus(batchId: string | undefined, onFailure: () => void): void {
  useSWR<Status>(batchId ? siteApi.status(batchId) : null, fetchStatus, {
    refreshInterval: (data) => (data && importOutcome(data).kind !== 'pending' ? 0 : pollIntervalMs),
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
    dedupingInterval: 0,
    onSuccess: (data) => {
      const outcome = importOutcome(data);
      if (outcome.kind === 'ready')
        labelReady(outcome.labelGuid, { smartPin: outcome.smartPin, qrSvg: data.qrSvg });
      if (outcome.kind !== 'failed') return;
      // Spec §8: a failed import is logged as a structured error, under the reason's code.
      console.error({ code: outcome.reason, call: 'status' });
      onFailure();
    },
    onError: onFailure,
  });
}
