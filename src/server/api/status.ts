import { idPattern } from '../../lib/contract.ts';
import type { ApiDeps, ApiRequest } from './deps.ts';
import { bearerOf, cultureOf } from './request.ts';
import { fromError, json, problem } from './respond.ts';

/** GET /api/returns/{batchId} — the import state, polled by the success screen. */
export async function getStatus(deps: ApiDeps, { request, params }: ApiRequest): Promise<Response> {
  const batchId = params['batchId'] ?? '';
  if (!idPattern.test(batchId)) return problem(400, 'badRequest', 'The batch id is not valid.');
  try {
    return json(
      await deps.carrier.status(batchId, { culture: cultureOf(request), bearer: bearerOf(request) }),
    );
  } catch (error) {
    return fromError(error, deps.log, 'status');
  }
}
