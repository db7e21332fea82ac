/**
 * The sender form's validation (spec §3 and §5), one schema for the island and the server's plain
 * form. Messages are keys of the `form` dictionary, translated where shown. A module of its own:
 * zod is the island's largest dependency after React, and the island needs it only to check a form.
 */
import * as z from 'zod/mini';
import { emailPattern } from '@parcel-returns/contract/email';
import { countryCodePattern, fieldLimits } from '@parcel-returns/contract/fields';
import { refuseHiddenCharacters } from '@parcel-returns/contract/hiddenCharacters';
import type { FormMessageKey, SenderFormValues } from './senderForm.ts';

/** Every free-text field refuses control and bidi characters, checked on the value as typed. */
const visible = () => refuseHiddenCharacters('errorCharacters' satisfies FormMessageKey);
const required = (max: number) =>
  z.string().check(
    z.refine((value) => value.trim().length > 0, { message: 'errorRequired' satisfies FormMessageKey }),
    visible(),
    z.maxLength(max, { message: 'errorTooLong' satisfies FormMessageKey }),
  );
const mustAccept = z
  .boolean()
  .check(z.refine((value) => value, { message: 'errorTerms' satisfies FormMessageKey }));

export const senderFormSchema = z.object({
  country: z
    .string()
    .check(z.regex(countryCodePattern, { message: 'errorRequired' satisfies FormMessageKey })),
  labelType: z.enum(['qr', 'label']),
  handover: z.enum(['pickupPoint', 'driver']),
  name: required(fieldLimits.name),
  street: required(fieldLimits.street),
  city: required(fieldLimits.city),
  zipCode: required(fieldLimits.zipCode),
  email: z.string().check(
    z.refine((value) => value.trim().length > 0, {
      message: 'errorRequired' satisfies FormMessageKey,
      abort: true,
    }),
    visible(),
    z.refine((value) => emailPattern.test(value.trim()) && value.trim().length <= fieldLimits.email, {
      message: 'errorEmail' satisfies FormMessageKey,
    }),
  ),
  phone: z
    .string()
    .check(visible(), z.maxLength(fieldLimits.phone, { message: 'errorPhone' satisfies FormMessageKey })),
  customerReference: z
    .string()
    .check(
      visible(),
      z.maxLength(fieldLimits.customerReference, { message: 'errorTooLong' satisfies FormMessageKey }),
    ),
  termsAccepted: mustAccept,
  termsAcceptedBussiness: mustAccept,
});

/** The first message of each invalid field, for the island and the server's plain form alike. */
export function senderFormErrors(
  values: SenderFormValues,
): Partial<Record<keyof SenderFormValues, FormMessageKey>> {
  const errors: Partial<Record<keyof SenderFormValues, FormMessageKey>> = {};
  const parsed = senderFormSchema.safeParse(values);
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof SenderFormValues;
    errors[field] ??= issue.message as FormMessageKey;
  }
  return errors;
}
