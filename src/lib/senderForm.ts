/**
 * The sender form (spec §3 and §5): its values, defaults and validation, shared by the
 * island and its tests. Messages are keys of the `form` dictionary, translated where shown.
 */
import * as z from 'zod/mini';
import { emailPattern } from './email.ts';
import { countryCodePattern, fieldLimits } from './fields.ts';
import { refuseHiddenCharacters } from './hiddenCharacters.ts';
import { homeCountry } from './rules.ts';

export type LabelType = 'qr' | 'label';
export type Handover = 'pickupPoint' | 'driver';

export interface SenderFormValues {
  country: string;
  labelType: LabelType;
  handover: Handover;
  name: string;
  street: string;
  city: string;
  zipCode: string;
  email: string;
  phone: string;
  customerReference: string;
  termsAccepted: boolean;
  termsAcceptedBussiness: boolean;
}

/** Spec §2: a fresh form has QR selected and the pick-up point as hand-over. */
export const emptySenderForm: SenderFormValues = {
  country: homeCountry,
  labelType: 'qr',
  handover: 'pickupPoint',
  name: '',
  street: '',
  city: '',
  zipCode: '',
  email: '',
  phone: '',
  customerReference: '',
  termsAccepted: false,
  termsAcceptedBussiness: false,
};

export type FormMessageKey =
  'errorRequired' | 'errorEmail' | 'errorPhone' | 'errorTooLong' | 'errorCharacters' | 'errorTerms';

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

/** A notice over the whole form, beside the field messages. */
export type FormNotice = 'tooManyRequests' | 'creationFailed' | 'scriptsRequired' | 'tooLarge';

/**
 * What the server answers a form posted without scripts with (src/server/form/): the values and a
 * message key per invalid field, and a notice over the whole form; the page and the island render it.
 */
export interface PostedFormState {
  values: SenderFormValues;
  errors: Partial<Record<keyof SenderFormValues, string>>;
  notice?: FormNotice | undefined;
  retryAfterSeconds?: number | undefined;
}
