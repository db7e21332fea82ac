import type { CreationRequest } from './contract.ts';

/**
 * The idempotency key of a creation: a digest of the link's exact request and its `another`,
 * the same whichever way the form is sent (the island's JSON post, or the form posted as plain
 * HTML) and in whatever order. A double submit, a retry after a lost answer, a reload or Back and
 * Send again, or an island send followed by a plain post of the same form, is one return; a
 * changed request is another one. 'Return another shipment' puts a fresh `another` in the link,
 * so a deliberate second identical return is a request of its own. Shaped as a UUID, as the
 * site's API asks (`Idempotency-Key`).
 */
export async function idempotencyKeyOf(request: CreationRequest, another: string | null): Promise<string> {
  const text = new TextEncoder().encode(`${JSON.stringify(request)}\n${another ?? ''}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', text));
  const hex = Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
