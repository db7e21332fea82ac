import type { CreationRequest } from '@parcel-returns/contract';
import { formErrorsOf } from '../../lib/creationRequest.ts';
import { idempotencyKeyOf } from '../../lib/idempotencyKey.ts';
import type { FormMessageKey, SenderFormValues } from '../../lib/senderForm.ts';
import { humanCheckHeader, siteApi, type SiteCreationBody } from '../../lib/siteApi.ts';
import { callApi } from '../api.ts';
import type { BrowserHumanCheck } from '../humanCheck/index.ts';
import type { WaitReason } from './waitMessage.ts';

export type SubmitOutcome =
  | { ok: true; batchId: string }
  | { ok: false; reason: 'humanCheck' | 'rejected' }
  /** The site refused a driver pickup sent without its confirmation: ask for it. */
  | { ok: false; reason: 'unconfirmed' }
  /** The site refused fields of the form (a 400 naming them), as the form's messages. */
  | { ok: false; reason: 'fields'; fields: Partial<Record<keyof SenderFormValues, FormMessageKey>> }
  | { ok: false; reason: WaitReason; retryAfterSeconds: number };

// A challenge issued before the site restarted, or by another instance, comes back expired
// (or spent); one fresh challenge recovers without the sender noticing.
const freshCheckCodes = new Set(['humanCheckExpired', 'humanCheckReused']);

/**
 * Gets a human-check token, then sends the creation request; spec §4: only a 202 counts.
 * A 429, or a 503 while the site's shared store does not answer, is the sender's to wait out in
 * the form, for the site's Retry-After.
 */
export async function submitReturn(
  request: CreationRequest,
  humanCheck: BrowserHumanCheck | undefined,
  /** The sender confirmed the charged driver pickup in its dialog (spec §4); the site requires it. */
  paidServiceConfirmed: boolean,
  /** This visit's attempt, part of the idempotency key (src/lib/idempotencyKey.ts). */
  attempt: string,
  retried = false,
): Promise<SubmitOutcome> {
  let token: string;
  try {
    if (!humanCheck) throw new Error('no human check');
    token = await humanCheck.token('createDormant');
  } catch {
    console.error({ code: 'unknownError', call: 'humanCheck' });
    return { ok: false, reason: 'humanCheck' };
  }
  const result = await callApi<{ batchId: string }>('createDormant', siteApi.returns, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [humanCheckHeader]: token,
      'Idempotency-Key': await idempotencyKeyOf(request, attempt),
    },
    body: JSON.stringify({ ...request, paidServiceConfirmed } satisfies SiteCreationBody),
  });
  if (result.ok && result.status === 202 && typeof result.data.batchId === 'string')
    return { ok: true, batchId: result.data.batchId };
  if (!result.ok && result.status === 429)
    return { ok: false, reason: 'tooManyRequests', retryAfterSeconds: result.retryAfterSeconds ?? 60 };
  if (!result.ok && result.code === 'paidServiceNotConfirmed') return { ok: false, reason: 'unconfirmed' };
  if (!result.ok && result.code === 'storeUnavailable')
    return { ok: false, reason: 'storeUnavailable', retryAfterSeconds: result.retryAfterSeconds ?? 5 };
  const fields = !result.ok && result.status === 400 ? formErrorsOf(result.fields ?? []) : {};
  if (Object.keys(fields).length > 0) return { ok: false, reason: 'fields', fields };
  if (!result.ok && !retried && freshCheckCodes.has(result.code))
    return submitReturn(request, humanCheck, paidServiceConfirmed, attempt, true);
  return { ok: false, reason: 'rejected' };
}
