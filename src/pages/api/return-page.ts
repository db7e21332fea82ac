import { endpoint, methodNotAllowed } from '../../server/api/endpoint.ts';
import { getReturnPage } from '../../server/api/returnPage.ts';

export const prerender = false;
export const GET = endpoint(getReturnPage);
export const ALL = methodNotAllowed('GET');
