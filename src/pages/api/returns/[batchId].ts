import { endpoint, methodNotAllowed } from '../../../server/api/endpoint.ts';
import { getStatus } from '../../../server/api/status.ts';

export const prerender = false;
export const GET = endpoint(getStatus);
export const ALL = methodNotAllowed('GET');
