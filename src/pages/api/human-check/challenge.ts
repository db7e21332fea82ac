import { endpoint, methodNotAllowed } from '../../../server/api/endpoint.ts';
import { getChallenge } from '../../../server/api/humanCheck.ts';

export const GET = endpoint(getChallenge);
// HEAD is a GET whose body the server leaves out.
export const HEAD = GET;
export const ALL = methodNotAllowed('GET', 'HEAD');
