import { createHmac, timingSafeEqual } from 'node:crypto';
import { sentOf, sentUrl, type AcceptedReturn } from '../../lib/acceptedReturn.ts';
import { siteApi } from '../../lib/siteApi.ts';

/** How long a label link from the server-rendered success screen works. */
export const labelLinkSeconds = 10 * 60;

/** The key of the label links, derived from a secret every instance shares, so one instance's link works on all. */
export function labelLinkKey(sharedSecret: string): Buffer {
  return createHmac('sha256', sharedSecret).update('label-links').digest();
}

const signature = (key: Buffer, guid: string, format: string, expires: number, back: string) =>
  createHmac('sha256', key).update(`label\n${guid}\n${format}\n${expires}\n${back}`).digest('base64url');

/**
 * A download link for one label that needs no script: the signature stands in for the human
 * check, bound to that label, its format, a time a few minutes ahead and the sent page it was
 * shown on (`back`), where an expired or failed link leads the sender to a fresh one. It holds no
 * personal data: the sent page's URL has the batch id, the link's token and the two choices.
 */
export function signedLabelLink(
  key: Buffer,
  guid: string,
  format: 'label' | 'a4',
  from: AcceptedReturn,
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + labelLinkSeconds;
  const back = sentUrl(from);
  const query = new URLSearchParams({
    ...(format === 'a4' && { format }),
    expires: String(expires),
    back,
    signature: signature(key, guid, format, expires, back),
  });
  return `${siteApi.label(guid)}?${query}`;
}

export type LabelLinkCheck =
  | { kind: 'unsigned' }
  /** Forged, altered or malformed: not a link the site made. */
  | { kind: 'invalid' }
  /** The site's own link, with the return whose sent page showed it. */
  | { kind: 'valid' | 'expired'; from: AcceptedReturn };

/** Whether a label request carries a signature, and if so whether the site made it and whether it still works. */
export function checkLabelLink(
  key: Buffer,
  guid: string,
  query: URLSearchParams,
  now = Date.now(),
): LabelLinkCheck {
  const given = query.get('signature');
  if (given === null) return { kind: 'unsigned' };
  const expires = Number(query.get('expires'));
  const format = query.get('format') === 'a4' ? 'a4' : 'label';
  const back = query.get('back') ?? '';
  const from = back.startsWith('/') ? sentOf(new URL(back, 'http://site.invalid')) : undefined;
  if (!Number.isInteger(expires) || !from) return { kind: 'invalid' };
  const expected = Buffer.from(signature(key, guid, format, expires, back));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return { kind: 'invalid' };
  return { kind: expires * 1000 < now ? 'expired' : 'valid', from };
}
