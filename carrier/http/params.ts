import { idPattern, tokenFromQuery } from '@parcel-returns/contract';
import { HttpError } from './respond.ts';

/** A batch id or label guid from the path: a UUID, or a 400 naming it. */
export function checkId(id: string | undefined, what: string): string {
  if (!id || !idPattern.test(id))
    throw new HttpError(400, 'badRequest', `The ${what} is not valid.`, [
      { path: what, message: 'Invalid format' },
    ]);
  return id;
}

// Well-formed base64 or base64url: its alphabet, and '=' only to fill the last group of four. Any such
// token may be one the carrier issued, so an unknown one is a 404 (a link no longer valid), not a 400.
const wellFormedToken = /^(?:[\w+/-]{1,512}|(?=.{4,512}$)(?:[\w+/-]{4})*(?:[\w+/-]{2}==|[\w+/-]{3}=))$/;

/** The return page token of the query's `base64Token`, or a 400 when it is missing or malformed. */
export function checkToken(url: URL): string {
  const base64Token = tokenFromQuery(url.searchParams.get('base64Token'));
  if (!wellFormedToken.test(base64Token))
    throw new HttpError(400, 'badRequest', 'The query is not valid.', [
      { path: 'base64Token', message: 'Not a base64 token' },
    ]);
  return base64Token;
}
