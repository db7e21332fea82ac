import { map } from 'nanostores';

/**
 * The return in progress, shared by the form and the success screen. Lifecycle:
 * idle → submitting → accepted (batchId known, polling) → ready (labelGuid known), or
 * failed; `resetReturn` goes back to idle for "return another shipment".
 */
export type ReturnStatus = 'idle' | 'submitting' | 'accepted' | 'ready' | 'failed';

export interface ReturnState {
  status: ReturnStatus;
  batchId?: string;
  labelGuid?: string;
  labelless?: boolean;
  driverPickup?: boolean;
  /** A label-less return's SmartPIN and QR code (SVG), when the carrier gives them. */
  smartPin?: string;
  qrSvg?: string;
}

export const $return = map<ReturnState>({ status: 'idle' });

/** The form is being sent; a second submit is refused while this lasts. */
export function startSubmitting(): boolean {
  if ($return.get().status === 'submitting') return false;
  $return.set({ status: 'submitting' });
  return true;
}

/** The carrier accepted the return (202 with a batch id). */
export function acceptReturn(batchId: string, choices: { labelless: boolean; driverPickup: boolean }): void {
  $return.set({ status: 'accepted', batchId, ...choices });
}

/** The label exists and can be downloaded. */
export function labelReady(
  labelGuid: string,
  qr: { smartPin?: string | undefined; qrSvg?: string | undefined } = {},
): void {
  $return.set({
    ...$return.get(),
    status: 'ready',
    labelGuid,
    ...(qr.smartPin && { smartPin: qr.smartPin }),
    ...(qr.qrSvg && { qrSvg: qr.qrSvg }),
  });
}

/** Submission failed; the sender goes to the error page. */
export function failReturn(): void {
  $return.set({ status: 'failed' });
}

/** Back to an empty form. */
export function resetReturn(): void {
  $return.set({ status: 'idle' });
}
