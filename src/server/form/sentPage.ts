import {
  errorUrl,
  importOutcome,
  sentOf,
  sentUrl,
  type AcceptedReturn,
  type ReadyLabel,
  type SentNotice,
} from '../../lib/acceptedReturn.ts';
import type { ReturnEvent } from '@parcel-returns/contract';
import { cultures, localizedPath, splitLocale, type Culture, type Locale } from '../../lib/locales.ts';
import { CarrierCallError } from '../carrier/errors.ts';
import type { ApiDeps } from '../api/deps.ts';
import { qrSvg } from '../api/qrSvg.ts';
import type { DropOff } from '../../lib/dropOff.ts';
import { dropOffOf } from './dropOff.ts';
import { signedLabelLink } from './labelLink.ts';
import { anotherParam } from '../../lib/pageQuery.ts';

export type SentPage =
  | { kind: 'redirect'; location: string }
  | {
      kind: 'page';
      accepted: AcceptedReturn;
      /** Undefined while the import is pending: the page then reloads itself. */
      ready: ReadyLabel | undefined;
      notice: SentNotice | undefined;
      /** 'Return another shipment': the link's form, where a new attempt starts (src/lib/idempotencyKey.ts). */
      another: string;
      events: SentEvents;
      /** This page's address as a QR code (an SVG document), to open it on a phone. */
      onPhone: string;
      /** 'Where to take it', for a return to a pick-up point. */
      dropOff: DropOff | undefined;
    };

/** What happened to the return after its label, or that its carrier does not say (its tracking page then). */
export type SentEvents = ReturnEvent[] | 'unsupported';

/**
 * The sent page of an accepted return, for its URL, whichever way the form was sent: the import's
 * state read once per load, by the same rule as the island's polling, and the return's events. A
 * failed import (Error, or Complete without a label) is logged and goes to the error page; so does
 * a status that cannot be read. A return the URL's link did not make is the not-found page: the
 * page of another link's return shows nothing of it.
 */
export async function sentPage(deps: ApiDeps, url: URL, now = Date.now()): Promise<SentPage> {
  const accepted = sentOf(url);
  const notFound = (locale: Locale) =>
    ({ kind: 'redirect', location: localizedPath(locale, '/returns/page-not-found') }) as const;
  if (!accepted) return notFound(splitLocale(url.pathname).locale);
  const { locale, batchId, token, notice } = accepted;
  const ctx = { culture: cultures[locale] };
  const [status, events, dropOff] = await Promise.all([
    // The carrier client has logged a failure.
    deps.carrier.status(batchId, ctx).catch(() => undefined),
    eventsOf(deps, batchId, token, ctx),
    accepted.driverPickup ? undefined : dropOffOf(deps, accepted.near, accepted.labelless, ctx, now),
  ]);
  if (events === 'otherLink') return notFound(locale);
  const outcome = status && importOutcome(status);
  if (outcome?.kind === 'failed') deps.log.error(outcome.reason, { call: 'sentPage', batchId });
  if (!outcome || outcome.kind === 'failed') return { kind: 'redirect', location: errorUrl(locale, token) };
  const ready =
    outcome.kind === 'ready'
      ? {
          label: signedLabelLink(deps.labelLinkKey, outcome.labelGuid, 'label', accepted, now),
          a4: signedLabelLink(deps.labelLinkKey, outcome.labelGuid, 'a4', accepted, now),
          qrSvg: outcome.qrCode ? await qrSvg(outcome.qrCode) : undefined,
          smartPin: outcome.smartPin,
        }
      : undefined;
  const another = `${localizedPath(locale, '/returns')}?${new URLSearchParams({ token, [anotherParam]: '1' })}`;
  // The same page on the sender's phone, for the counter: its address as a QR code (no personal data in it).
  const onPhone = await qrSvg(new URL(sentUrl(accepted), url.origin).href);
  return { kind: 'page', accepted, ready, notice, another, events, onPhone, dropOff };
}

/** The return's events; 'otherLink' when the link did not make it, 'unsupported' when they cannot be had. */
async function eventsOf(
  deps: ApiDeps,
  batchId: string,
  token: string,
  ctx: { culture: Culture },
): Promise<SentEvents | 'otherLink'> {
  try {
    return (await deps.carrier.events(batchId, token, ctx)) ?? 'unsupported';
  } catch (error) {
    if (error instanceof CarrierCallError && error.code === 'batchNotFound') return 'otherLink';
    // Logged by the carrier client; the page then offers the carrier's tracking page.
    return 'unsupported';
  }
}
