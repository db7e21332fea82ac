/**
 * The shapes of spec §3's values, in one small module (no zod) that the contract, the form's
 * schema, the form's inputs and the site's endpoints all read.
 */

/** Batch ids and label guids are UUIDs, so nothing else may reach an upstream URL; the site's idempotency keys too. */
export const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A country as ISO 3166-1 alpha-2. */
export const countryCodePattern = /^[A-Z]{2}$/;

/** The longest value each field takes (the inputs' `maxlength` too). */
export const fieldLimits = {
  name: 100,
  street: 120,
  zipCode: 12,
  city: 80,
  email: 254,
  phone: 30,
  customerReference: 50,
} as const;

/** A return page token as it travels: base64 or base64url, 16 to 512 characters. */
export const tokenPattern = /^[A-Za-z0-9+/_-]{16,512}={0,2}$/;

/**
 * A token as read from a query string. A space is never part of a base64 token: it is a '+' that
 * lost its escape when the link was pasted (URL decoding turns a bare '+' into a space), so it is
 * read back as '+'. Other white space around it, such as a pasted line break, is dropped.
 */
export function tokenFromQuery(value: string | null | undefined): string {
  return (value ?? '').replaceAll(' ', '+').trim();
}
