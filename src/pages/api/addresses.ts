import { endpoint, methodNotAllowed } from '../../server/api/endpoint.ts';
import { getAddressSuggestions } from '../../server/api/addresses.ts';

export const prerender = false;
export const GET = endpoint(getAddressSuggestions);
export const ALL = methodNotAllowed('GET');
