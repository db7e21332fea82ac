import useSWR from 'swr';
import { importOutcome, pollIntervalMs } from '../../lib/acceptedReturn.ts';
import type { ImportStatus } from '@parcel-returns/contract';
import { siteApi } from '../../lib/siteApi.ts';
import { callApi } from '../api.ts';

type Status = ImportStatus & { qrSvg?: string };

/** A label the polling found: its id for the download and, for a QR return, the code. */
export interface PolledLabel {
  labelGuid: string;
  smartPin: string | undefined;
  qrSvg: string | undefined;
}

async function fetchStatus(url: string): Promise<Status> {
  // The answer is what came over the network: `null`, or an object without an import state, is possible.
  const result = await callApi<Partial<Status> | null>('status', url);
  // A non-200 or an empty answer is a failure too (spec §4).
  if (!result.ok || result.status !== 200 || !result.data?.importState) throw new Error('status failed');
  return result.data as Status;
}

/**
 * Polls the import of `batchId` while it is pending (src/lib/acceptedReturn.ts, the sent page's
 * rule too) and gives the label once it exists; a failed import, a failing call or an empty
 * answer calls `onFailure`. No `batchId`, no polling.
 */
export function useImportStatus(batchId: string | undefined, onFailure: () => void): PolledLabel | undefined {
  const { data } = useSWR<Status>(batchId ? siteApi.status(batchId) : null, fetchStatus, {
    refreshInterval: (latest) => (latest && importOutcome(latest).kind !== 'pending' ? 0 : pollIntervalMs),
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
    dedupingInterval: 0,
    onSuccess: (latest) => {
      const outcome = importOutcome(latest);
      if (outcome.kind !== 'failed') return;
      // Spec §8: a failed import is logged as a structured error, under the reason's code.
      console.error({ code: outcome.reason, call: 'status' });
      onFailure();
    },
    onError: onFailure,
  });
  const outcome = data && importOutcome(data);
  return outcome?.kind === 'ready'
    ? { labelGuid: outcome.labelGuid, smartPin: outcome.smartPin, qrSvg: data?.qrSvg }
    : undefined;
}
