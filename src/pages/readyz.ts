import { endpoint, methodNotAllowed } from '../server/api/endpoint.ts';
import { getReady } from '../server/api/health.ts';

export const GET = endpoint((deps) => getReady(deps));
export const HEAD = GET;
export const ALL = methodNotAllowed('GET', 'HEAD');
