import { endpoint, methodNotAllowed } from '../../../server/api/endpoint.ts';
import { getLabel } from '../../../server/api/label.ts';

export const prerender = false;
export const GET = endpoint(getLabel);
export const ALL = methodNotAllowed('GET');
