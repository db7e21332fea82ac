import { getAccessPoints } from '../../server/api/accessPoints.ts';
import { endpoint, methodNotAllowed } from '../../server/api/endpoint.ts';

export const GET = endpoint(getAccessPoints);
// HEAD is a GET whose body the server leaves out.
export const HEAD = GET;
export const ALL = methodNotAllowed('GET', 'HEAD');
