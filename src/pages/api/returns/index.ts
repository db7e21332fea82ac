import { endpoint, methodNotAllowed } from '../../../server/api/endpoint.ts';
import { postReturn } from '../../../server/api/createReturn.ts';

export const POST = endpoint(postReturn);
export const ALL = methodNotAllowed('POST');
