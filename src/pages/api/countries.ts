import { endpoint, methodNotAllowed } from '../../server/api/endpoint.ts';
import { getCountries } from '../../server/api/countries.ts';

export const prerender = false;
export const GET = endpoint(getCountries);
export const ALL = methodNotAllowed('GET');
