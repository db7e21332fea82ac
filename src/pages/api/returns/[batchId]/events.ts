import { endpoint, methodNotAllowed } from '../../../../server/api/endpoint.ts';
import { getEvents } from '../../../../server/api/events.ts';

export const GET = endpoint(getEvents);
// HEAD is a GET whose body the server leaves out.
export const HEAD = GET;
export const ALL = methodNotAllowed('GET', 'HEAD');
