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
