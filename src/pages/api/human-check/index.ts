import { endpoint, methodNotAllowed } from '../../../server/api/endpoint.ts';
import { getHumanCheckSettings } from '../../../server/api/humanCheck.ts';

export const GET = endpoint(getHumanCheckSettings);
// HEAD is a GET whose body the server leaves out.
export const HEAD = GET;
export const ALL = methodNotAllowed('GET', 'HEAD');
