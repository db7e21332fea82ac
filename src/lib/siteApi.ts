import type { CreationRequest } from '@parcel-returns/contract';
import { idPattern } from '@parcel-returns/contract/fields';
/**
 * The site's own API as the islands call it: paths and header names shared by the
 * browser code and the endpoints.
 */
export const siteApi = {
  returnPage: '/api/return-page',
  countries: '/api/countries',
  addresses: '/api/addresses',
  accessPoints: (near: string, labelless: boolean) =>
    `/api/access-points?${new URLSearchParams({ near, labelless: labelless ? '1' : '0' })}`,
  returns: '/api/returns',
  status: (batchId: string) => `/api/returns/${batchId}`,
  events: (batchId: string, token: string) =>
    `/api/returns/${batchId}/events?${new URLSearchParams({ token })}`,
  label: (labelGuid: string) => `/api/labels/${labelGuid}`,
  humanCheck: '/api/human-check',
  challenge: '/api/human-check/challenge',
} as const;

/** The header that carries the human-check token to the site. */
export const humanCheckHeader = 'x-human-check';

/** The shape of a creation's idempotency key: a UUID (src/lib/idempotencyKey.ts makes it). */
export const idempotencyKeyPattern = idPattern;

/**
 * The body of `POST /api/returns`: the creation request of spec §3, and whether the sender
 * confirmed the charged driver pickup (the island's dialog), which the site requires for it.
 */
export type SiteCreationBody = CreationRequest & { paidServiceConfirmed: boolean };
