import { endpoint, methodNotAllowed } from '../../../server/api/endpoint.ts';
import { getChallenge } from '../../../server/api/humanCheck.ts';

export const prerender = false;
export const GET = endpoint(getChallenge);
export const ALL = methodNotAllowed('GET');
