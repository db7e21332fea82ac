import { createHmac, timingSafeEqual } from 'node:crypto';
import { siteApi } from '../../lib/siteApi.ts';

/** How long a label link from the server-rendered success screen works. */
export const labelLinkSeconds = 10 * 60;

const signature = (key: Buffer, guid: string, format: string, expires: number) =>
  createHmac('sha256', key).update(`label\n${guid}\n${format}\n${expires}`).digest('base64url');

/**
 * A download link for one label that needs no script: the signature stands in for the human
 * check, bound to that label, its format and a time a few minutes ahead. It holds no personal
 * data; whoever has the success screen has the label anyway.
 */
export function signedLabelLink(key: Buffer, guid: string, format: 'label' | 'a4', now = Date.now()): string {
  const expires = Math.floor(now / 1000) + labelLinkSeconds;
  const query = new URLSearchParams({
    ...(format === 'a4' && { format }),
    expires: String(expires),
    signature: signature(key, guid, format, expires),
  });
  return `${siteApi.label(guid)}?${query}`;
}

/** Whether a label request carries a signature, and if so whether it is valid and not expired. */
export function checkLabelLink(
  key: Buffer,
  guid: string,
  query: URLSearchParams,
  now = Date.now(),
): 'unsigned' | 'valid' | 'invalid' {
  const given = query.get('signature');
  if (given === null) return 'unsigned';
  const expires = Number(query.get('expires'));
  const format = query.get('format') === 'a4' ? 'a4' : 'label';
  if (!Number.isInteger(expires) || expires * 1000 < now) return 'invalid';
  const expected = Buffer.from(signature(key, guid, format, expires));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? 'valid' : 'invalid';
}
