import { tokenFromQuery, tokenPattern } from '@parcel-returns/contract';
import type { ApiDeps, ApiRequest } from './deps.ts';
import { bearerOf, cultureOf } from './request.ts';
import { fromError, json, problem } from './respond.ts';

/** GET /api/return-page?token=… — the return page, or 404 returnPageNotFound when the link is not valid. */
export async function getReturnPage(deps: ApiDeps, { request }: ApiRequest): Promise<Response> {
  const token = tokenFromQuery(new URL(request.url).searchParams.get('token'));
  if (!tokenPattern.test(token)) return problem(404, 'returnPageNotFound', 'This return link is not valid.');
  try {
    const page = await deps.carrier.returnPage(token, {
      culture: cultureOf(request),
      bearer: bearerOf(request),
    });
    // Spec §4: a return page without addresses is not a valid link.
    if (!page?.returnAddresses?.length)
      return problem(404, 'returnPageNotFound', 'This return link is not valid.');
    return json(page);
  } catch (error) {
    return fromError(error, deps.log, 'returnPage');
  }
}
