import { dropOffLimit, dropOffRadiusMetres, nearQueryOf, type AccessPointAnswer } from '../../lib/dropOff.ts';
import { overLimit, type ApiDeps, type ApiRequest } from './deps.ts';
import { bearerOf, cultureOf } from './request.ts';
import { fromError, json, problem } from './respond.ts';

/**
 * GET /api/access-points?near=30100|Plzeň[&labelless=1] — the drop-off places nearest to a
 * postcode or town in Czechia, nearest first, for the sent page's 'Where to take it'. With
 * `labelless=1` only places that take a label-less code. Limited per client address. 400
 * `badRequest` for a search that is no postcode or town, 404 `placeNotFound` for a place the
 * carrier does not know, 404 `accessPointsUnsupported` from a carrier without the extension.
 */
export async function getAccessPoints(deps: ApiDeps, req: ApiRequest): Promise<Response> {
  const limited = await overLimit(deps, req, 'accessPoints');
  if (limited) return limited;
  const params = new URL(req.request.url).searchParams;
  const near = nearQueryOf(params.get('near'));
  if (!near)
    return problem(400, 'badRequest', 'Give a postcode or a town.', [
      { path: 'near', message: 'Not a postcode or town' },
    ]);
  const labelless = params.get('labelless');
  if (labelless !== null && labelless !== '1' && labelless !== '0')
    return problem(400, 'badRequest', 'labelless is 1 or 0.', [{ path: 'labelless', message: 'Not 1 or 0' }]);
  try {
    const found = await deps.carrier.accessPoints(
      { ...near, labelless: labelless === '1', limit: dropOffLimit, radiusMetres: dropOffRadiusMetres },
      { culture: cultureOf(req.request), bearer: bearerOf(req.request) },
    );
    if (found === 'unsupported')
      return problem(404, 'accessPointsUnsupported', 'The carrier gives no access points.');
    if (found === 'placeNotFound') return problem(404, 'placeNotFound', 'No postcode or town has this name.');
    const body: AccessPointAnswer = { origin: found.origin, accessPoints: found.accessPoints };
    return json(body);
  } catch (error) {
    return fromError(error, deps.log, 'accessPoints');
  }
}
