import { idPattern, tokenFromQuery, tokenPattern } from '@parcel-returns/contract';
import type { ApiDeps, ApiRequest } from './deps.ts';
import { bearerOf, cultureOf } from './request.ts';
import { fromError, json, problem } from './respond.ts';

/**
 * GET /api/returns/{batchId}/events?token=… — what happened to a return after its label, polled
 * by its sent page. Only for the link the return was made on: another link's token is a 404
 * `batchNotFound`, as an unknown batch is. A carrier without the events extension is a 404
 * `eventsUnsupported`, and the page shows the carrier's tracking link instead.
 */
export async function getEvents(deps: ApiDeps, { request, params }: ApiRequest): Promise<Response> {
  const batchId = params['batchId'] ?? '';
  if (!idPattern.test(batchId)) return problem(400, 'badRequest', 'The batch id is not valid.');
  const token = tokenFromQuery(new URL(request.url).searchParams.get('token'));
  if (!tokenPattern.test(token)) return problem(400, 'badRequest', 'The return link’s token is not valid.');
  try {
    const events = await deps.carrier.events(batchId, token, {
      culture: cultureOf(request),
      bearer: bearerOf(request),
    });
    if (!events) return problem(404, 'eventsUnsupported', 'The carrier gives no events of a return.');
    return json({ events });
  } catch (error) {
    return fromError(error, deps.log, 'events');
  }
}
