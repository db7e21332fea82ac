import {
  dropOffLimit,
  dropOffRadiusMetres,
  nearMaxLength,
  nearQueryOf,
  type DropOff,
} from '../../lib/dropOff.ts';
import type { Culture } from '../../lib/locales.ts';
import type { ApiDeps } from '../api/deps.ts';

/**
 * 'Where to take it' as the sent page renders it: the carrier's places nearest to `near` that take
 * this return, found at `now`. A failed call is logged by the carrier client and shows the map
 * links, as a carrier without the extension does: the places are help, not the return.
 */
export async function dropOffOf(
  deps: ApiDeps,
  near: string | undefined,
  labelless: boolean,
  ctx: { culture: Culture },
  now: number,
): Promise<DropOff> {
  const text = (near ?? '').trim().slice(0, nearMaxLength);
  const query = nearQueryOf(text);
  if (!query) return { kind: 'ask', near: text };
  try {
    const found = await deps.carrier.accessPoints(
      { ...query, labelless, limit: dropOffLimit, radiusMetres: dropOffRadiusMetres },
      ctx,
    );
    if (found === 'unsupported') return { kind: 'unsupported', near: text };
    if (found === 'placeNotFound') return { kind: 'placeNotFound', near: text };
    return { kind: 'places', near: text, found, at: now };
  } catch {
    return { kind: 'unsupported', near: text };
  }
}
