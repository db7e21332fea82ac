import { endpoint, methodNotAllowed } from '../../../server/api/endpoint.ts';
import { getLabel } from '../../../server/api/label.ts';

export const GET = endpoint(getLabel);
// HEAD is a GET whose body the server leaves out.
export const HEAD = GET;
export const ALL = methodNotAllowed('GET', 'HEAD');
