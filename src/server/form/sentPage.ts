import {
  errorUrl,
  importOutcome,
  sentOf,
  type AcceptedReturn,
  type ReadyLabel,
  type SentNotice,
} from '../../lib/acceptedReturn.ts';
import type { ImportStatus } from '../../lib/contract.ts';
import { cultures, localizedPath, splitLocale } from '../../lib/locales.ts';
import type { ApiDeps } from '../api/deps.ts';
import { qrSvg } from '../api/qrSvg.ts';
import { signedLabelLink } from './labelLink.ts';

export type SentPage =
  | { kind: 'redirect'; location: string }
  | {
      kind: 'page';
      accepted: AcceptedReturn;
      /** Undefined while the import is pending: the page then reloads itself. */
      ready: ReadyLabel | undefined;
      notice: SentNotice | undefined;
      /** 'Return another shipment': the link's form with a fresh `another` (see src/lib/idempotencyKey.ts). */
      another: string;
    };

/**
 * The success screen of a form posted without scripts (Post/Redirect/Get), for its URL: the
 * import's state read once per load, by the same rule as the island's polling. A failed import
 * (Error, or Complete without a label) is logged and goes to the error page; so does a status
 * that cannot be read.
 */
export async function sentPage(deps: ApiDeps, url: URL, now = Date.now()): Promise<SentPage> {
  const accepted = sentOf(url);
  if (!accepted) {
    const { locale } = splitLocale(url.pathname);
    return { kind: 'redirect', location: localizedPath(locale, '/returns/page-not-found') };
  }
  const { locale, batchId, token, notice } = accepted;
  let status: ImportStatus | undefined;
  try {
    status = await deps.carrier.status(batchId, { culture: cultures[locale] });
  } catch {
    // The carrier client has logged the failure.
  }
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
  const another = `${localizedPath(locale, '/returns')}?${new URLSearchParams({ token, another: crypto.randomUUID() })}`;
  return { kind: 'page', accepted, ready, notice, another };
}
