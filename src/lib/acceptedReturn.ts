/**
 * A return the carrier accepted (202 with a batch id): both ways of sending the form end on its
 * sent page. One way to write it in a URL, one way to read it back, and one answer to "is the
 * label there yet?".
 */
import type { ImportStatus } from '@parcel-returns/contract';
import { idPattern, tokenFromQuery } from '@parcel-returns/contract/fields';
import { localizedPath, splitLocale, type Locale } from './locales.ts';
import type { Handover, LabelType } from './senderForm.ts';

/** Spec §4: the status is polled every 5000 ms (the island), or the sent page reloads as often without scripts. */
export const pollIntervalMs = 5000;

/** The sender's two choices, which decide what the success screen says. */
export interface ReturnKind {
  labelless: boolean;
  driverPickup: boolean;
}

export interface AcceptedReturn extends ReturnKind {
  locale: Locale;
  batchId: string;
  /** The return link's token ('' when the URL had none). */
  token: string;
  /**
   * Where 'Where to take it' searches from: the sender's postcode, or a postcode or town the sender
   * searched for (src/lib/dropOff.ts). Never a street or a position: the address goes on a phone.
   */
  near?: string | undefined;
}

/** Why the sent page was opened again from one of its own links. */
export type SentNotice = 'linkExpired' | 'downloadFailed';
const notices: readonly string[] = ['linkExpired', 'downloadFailed'] satisfies SentNotice[];

/** Once the label exists, as the sent page found it: its signed links and, for a QR return, the code. */
export interface ReadyLabel {
  label: string;
  a4: string;
  qrSvg: string | undefined;
  smartPin: string | undefined;
}

/** The kind in a query, in the form's own words: `type=label|qr&handover=pickupPoint|driver`. */
export function kindOf(query: URLSearchParams): ReturnKind | undefined {
  const type = query.get('type') as LabelType | null;
  const handover = query.get('handover') as Handover | null;
  if ((type !== 'qr' && type !== 'label') || (handover !== 'driver' && handover !== 'pickupPoint')) return;
  return { labelless: type === 'qr', driverPickup: handover === 'driver' };
}

/** The query of an accepted return beside its batch id in the path: the link's token and the kind. */
function acceptedQuery(r: Omit<AcceptedReturn, 'locale' | 'batchId'>): URLSearchParams {
  return new URLSearchParams({
    token: r.token,
    type: r.labelless ? 'qr' : 'label',
    handover: r.driverPickup ? 'driver' : 'pickupPoint',
    ...(r.near && !r.driverPickup && { near: r.near }),
  });
}

/** The sent page of a return, where both ways of sending end; `notice` says why it is shown again. */
export function sentUrl(r: AcceptedReturn, notice?: SentNotice): string {
  const query = acceptedQuery(r);
  if (notice) query.set('notice', notice);
  return `${localizedPath(r.locale, `/returns/sent/${r.batchId}`)}?${query}`;
}

/** The return a sent page's URL is for; undefined for any other URL. */
export function sentOf(url: URL): (AcceptedReturn & { notice: SentNotice | undefined }) | undefined {
  const { locale, path } = splitLocale(url.pathname.replace(/\/+$/, ''));
  const batchId = /^\/returns\/sent\/([^/]+)$/.exec(path)?.[1] ?? '';
  const kind = kindOf(url.searchParams);
  if (!idPattern.test(batchId) || !kind) return undefined;
  const notice = url.searchParams.get('notice') ?? '';
  const near = url.searchParams.get('near')?.trim().slice(0, 100);
  return {
    locale,
    batchId,
    token: tokenFromQuery(url.searchParams.get('token')),
    ...kind,
    ...(near && { near }),
    notice: notices.includes(notice) ? (notice as SentNotice) : undefined,
  };
}

/** Spec §8: where a failed return goes, with the link's token for 'Try again' (never personal data). */
export function errorUrl(locale: Locale, token: string | null | undefined): string {
  return `${localizedPath(locale, '/returns/error')}${token ? `?${new URLSearchParams({ token })}` : ''}`;
}

/** What an import status means for the sender; a failure's reason is the code it is logged under. */
export type ImportOutcome =
  | { kind: 'pending' }
  | { kind: 'ready'; labelGuid: string; smartPin: string | undefined; qrCode: string | undefined }
  | { kind: 'failed'; reason: 'importError' | 'importCompleteWithoutLabel' };

/**
 * Spec §4: polling goes on while the import is Accepted or InProcess and ends at Complete, which
 * stores the label, or Error, which is the error page. A Complete without a label could never be
 * downloaded: it is a failure too, not a reason to poll for ever.
 */
export function importOutcome(status: ImportStatus): ImportOutcome {
  if (status.importState === 'Error') return { kind: 'failed', reason: 'importError' };
  if (status.importState !== 'Complete') return { kind: 'pending' };
  if (!status.labelGuid) return { kind: 'failed', reason: 'importCompleteWithoutLabel' };
  return {
    kind: 'ready',
    labelGuid: status.labelGuid,
    smartPin: status.smartPin ?? undefined,
    qrCode: status.qrCode ?? undefined,
  };
}
