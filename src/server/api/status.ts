import { importOutcome } from '../../lib/acceptedReturn.ts';
import { idPattern } from '@parcel-returns/contract';
import type { ApiDeps, ApiRequest } from './deps.ts';
import { qrSvg } from './qrSvg.ts';
import { bearerOf, cultureOf } from './request.ts';
import { fromError, json, problem } from './respond.ts';

/** GET /api/returns/{batchId} — the import state, polled by the success screen; for a QR return, the code too. */
export async function getStatus(deps: ApiDeps, { request, params }: ApiRequest): Promise<Response> {
  const batchId = params['batchId'] ?? '';
  if (!idPattern.test(batchId)) return problem(400, 'badRequest', 'The batch id is not valid.');
  try {
    const status = await deps.carrier.status(batchId, {
      culture: cultureOf(request),
      bearer: bearerOf(request),
    });
    // The island goes to the error page on a failed import; the operator learns of it here.
    const outcome = importOutcome(status);
    if (outcome.kind === 'failed') deps.log.error(outcome.reason, { call: 'status', batchId });
    // A label-less return's QR code as an SVG, so the sender can show it from the screen.
    const svg = status.qrCode ? await qrSvg(status.qrCode) : undefined;
    return json({ ...status, ...(svg && { qrSvg: svg }) });
  } catch (error) {
    return fromError(error, deps.log, 'status');
  }
}
