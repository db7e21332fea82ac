import { endpoint, methodNotAllowed } from '../../server/api/endpoint.ts';
import { getAddressSuggestions } from '../../server/api/addresses.ts';

export const GET = endpoint(getAddressSuggestions);
// HEAD is a GET whose body the server leaves out.
export const HEAD = GET;
export const ALL = methodNotAllowed('GET', 'HEAD');
