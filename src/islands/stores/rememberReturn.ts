/**
 * Keeps the accepted return in the page's URL (`batch`, `kind`), so a reload, a restored
 * tab or a bookmark comes back to the success screen and resumes polling instead of
 * losing the label. The token stays in the URL as it was.
 */
const batchPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const kinds = ['label-pickup', 'label-driver', 'qr-pickup', 'qr-driver'] as const;

export interface RememberedReturn {
  batchId: string;
  labelless: boolean;
  driverPickup: boolean;
}

function withParams(edit: (params: URLSearchParams) => void): void {
  const url = new URL(window.location.href);
  edit(url.searchParams);
  window.history.replaceState(window.history.state, '', url);
}

/** Writes the return into the URL. */
export function rememberReturn(r: RememberedReturn): void {
  withParams((params) => {
    params.set('batch', r.batchId);
    params.set('kind', `${r.labelless ? 'qr' : 'label'}-${r.driverPickup ? 'driver' : 'pickup'}`);
  });
}

/** The return in the URL, if it is a well-formed one. */
export function recallReturn(): RememberedReturn | undefined {
  const params = new URLSearchParams(window.location.search);
  const batchId = params.get('batch') ?? '';
  const kind = params.get('kind') ?? '';
  if (!batchPattern.test(batchId) || !kinds.includes(kind as (typeof kinds)[number])) return undefined;
  return { batchId, labelless: kind.startsWith('qr'), driverPickup: kind.endsWith('driver') };
}

/** Takes the return out of the URL ("return another shipment"). */
export function forgetReturn(): void {
  withParams((params) => {
    params.delete('batch');
    params.delete('kind');
  });
}
