import { endpoint, methodNotAllowed } from '../../../server/api/endpoint.ts';
import { getStatus } from '../../../server/api/status.ts';

export const GET = endpoint(getStatus);
// HEAD is a GET whose body the server leaves out.
export const HEAD = GET;
export const ALL = methodNotAllowed('GET', 'HEAD');
