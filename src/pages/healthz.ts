import { methodNotAllowed } from '../server/api/endpoint.ts';
import { getAlive } from '../server/api/health.ts';

export const GET = getAlive;
export const HEAD = GET;
export const ALL = methodNotAllowed('GET', 'HEAD');
