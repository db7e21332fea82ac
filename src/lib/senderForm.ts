/**
 * The sender form (spec §3 and §5): its values, defaults and validation, shared by the
 * island and its tests. Messages are keys of the `form` dictionary, translated where shown.
 */
import * as z from 'zod/mini';
import { emailPattern } from './email.ts';
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
  country: z.string().check(z.regex(/^[A-Z]{2}$/, { message: 'errorRequired' satisfies FormMessageKey })),
  labelType: z.enum(['qr', 'label']),
  handover: z.enum(['pickupPoint', 'driver']),
  name: required(100),
  street: required(120),
  city: required(80),
  zipCode: required(12),
  email: z.string().check(
    z.refine((value) => value.trim().length > 0, {
      message: 'errorRequired' satisfies FormMessageKey,
      abort: true,
    }),
    visible(),
    z.refine((value) => emailPattern.test(value.trim()) && value.trim().length <= 254, {
      message: 'errorEmail' satisfies FormMessageKey,
    }),
  ),
  phone: z.string().check(visible(), z.maxLength(30, { message: 'errorPhone' satisfies FormMessageKey })),
  customerReference: z
    .string()
    .check(visible(), z.maxLength(50, { message: 'errorTooLong' satisfies FormMessageKey })),
  termsAccepted: mustAccept,
  termsAcceptedBussiness: mustAccept,
});
