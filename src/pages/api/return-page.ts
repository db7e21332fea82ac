import { endpoint, methodNotAllowed } from '../../server/api/endpoint.ts';
import { getReturnPage } from '../../server/api/returnPage.ts';

export const GET = endpoint(getReturnPage);
// HEAD is a GET whose body the server leaves out.
export const HEAD = GET;
export const ALL = methodNotAllowed('GET', 'HEAD');
