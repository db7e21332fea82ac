import { acceptedOf, acceptedQuery, forgetAccepted, type ReturnKind } from '../../lib/acceptedReturn.ts';
import { tokenFromQuery } from '../../lib/fields.ts';

/**
 * Keeps the accepted return in the page's URL (src/lib/acceptedReturn.ts writes it: `batch`,
 * `type`, `handover`, as the sent page's URL has them), so a reload, a restored tab or a bookmark
 * comes back to the success screen and resumes polling instead of losing the label.
 */
export interface RememberedReturn extends ReturnKind {
  batchId: string;
}

function withParams(edit: (params: URLSearchParams) => void): void {
  const url = new URL(window.location.href);
  edit(url.searchParams);
  window.history.replaceState(window.history.state, '', url);
}

/** Writes the return into the URL. */
export function rememberReturn(r: RememberedReturn): void {
  withParams((params) => {
    const token = tokenFromQuery(params.get('token'));
    for (const [name, value] of acceptedQuery({ ...r, token })) params.set(name, value);
  });
}

/** The return in the URL, if it is a well-formed one. */
export function recallReturn(): RememberedReturn | undefined {
  const accepted = acceptedOf(new URL(window.location.href));
  return (
    accepted && {
      batchId: accepted.batchId,
      labelless: accepted.labelless,
      driverPickup: accepted.driverPickup,
    }
  );
}

/** Takes the return out of the URL ("return another shipment"). */
export function forgetReturn(): void {
  withParams(forgetAccepted);
}
