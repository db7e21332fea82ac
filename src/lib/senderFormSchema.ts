/**
 * The sender form's validation (spec §3 and §5), one schema for the island and the server's plain
 * form; its text fields' checks are made from their list (senderFields.ts). Messages are keys of
 * the `form` dictionary, translated where shown. A module of its own: zod is the island's largest
 * dependency after React, and the island needs it only to check a form.
 */
import * as z from 'zod/mini';
import { emailPattern } from '@parcel-returns/contract/email';
import { countryCodePattern } from '@parcel-returns/contract/fields';
import { refuseHiddenCharacters } from '@parcel-returns/contract/hiddenCharacters';
import { senderTextFields, type SenderTextField, type SenderTextFieldName } from './senderFields.ts';
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

/** A text field's checks, by its kind (senderFields.ts), with its limit and messages. */
function textChecks(field: SenderTextField) {
  switch (field.kind) {
    case 'required':
    case 'address':
      return required(field.maxLength);
    case 'email':
      return z.string().check(
        z.refine((value) => value.trim().length > 0, {
          message: 'errorRequired' satisfies FormMessageKey,
          abort: true,
        }),
        visible(),
        z.refine((value) => emailPattern.test(value.trim()) && value.trim().length <= field.maxLength, {
          message: 'errorEmail' satisfies FormMessageKey,
        }),
      );
    case 'optional':
      return z
        .string()
        .check(visible(), z.maxLength(field.maxLength, { message: field.tooLong ?? 'errorTooLong' }));
  }
}

const textFields = Object.fromEntries(
  senderTextFields.map((field) => [field.name, textChecks(field)]),
) as Record<SenderTextFieldName, z.ZodMiniString<string>>;

export const senderFormSchema = z.object({
  country: z
    .string()
    .check(z.regex(countryCodePattern, { message: 'errorRequired' satisfies FormMessageKey })),
  labelType: z.enum(['qr', 'label']),
  handover: z.enum(['pickupPoint', 'driver']),
  ...textFields,
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
