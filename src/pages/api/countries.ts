import { endpoint, methodNotAllowed } from '../../server/api/endpoint.ts';
import { getCountries } from '../../server/api/countries.ts';

export const GET = endpoint(getCountries);
// HEAD is a GET whose body the server leaves out.
export const HEAD = GET;
export const ALL = methodNotAllowed('GET', 'HEAD');
