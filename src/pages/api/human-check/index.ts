import { endpoint, methodNotAllowed } from '../../../server/api/endpoint.ts';
import { getHumanCheckSettings } from '../../../server/api/humanCheck.ts';

export const prerender = false;
export const GET = endpoint(getHumanCheckSettings);
export const ALL = methodNotAllowed('GET');
