/**
 * The sender form (spec §3 and §5): its values and defaults, shared by the island, the server's
 * plain form and their tests. Its validation is `senderFormSchema.ts`, apart, so that the island
 * loads it only when it first checks the form. Messages are keys of the `form` dictionary.
 */
import { homeCountry } from './rules.ts';
import { senderTextFieldNames, type SenderTextFieldName } from './senderFields.ts';

export type LabelType = 'qr' | 'label';
export type Handover = 'pickupPoint' | 'driver';

/** The form's values: the choices, the sender's text fields (senderFields.ts), the terms. */
export type SenderFormValues = {
  country: string;
  labelType: LabelType;
  handover: Handover;
} & Record<SenderTextFieldName, string> & {
    termsAccepted: boolean;
    termsAcceptedBussiness: boolean;
  };

/** Spec §2: a fresh form has QR selected and the pick-up point as hand-over. */
export const emptySenderForm: SenderFormValues = {
  country: homeCountry,
  labelType: 'qr',
  handover: 'pickupPoint',
  ...(Object.fromEntries(senderTextFieldNames.map((name) => [name, ''])) as Record<
    SenderTextFieldName,
    string
  >),
  termsAccepted: false,
  termsAcceptedBussiness: false,
};

export type FormMessageKey =
  | 'errorRequired'
  | 'errorEmail'
  | 'errorPhone'
  | 'errorTooLong'
  | 'errorCharacters'
  | 'errorTerms'
  | 'errorQrUnavailable'
  | 'errorDriverUnavailable'
  | 'errorRefused';

/**
 * Why a form posted without scripts came back before anything was sent: said over the form's first
 * section, until the sender sends again.
 */
export const refusalNotices = ['scriptsRequired', 'tooLarge', 'crossSite'] as const;
export type RefusalNotice = (typeof refusalNotices)[number];

/** Whether a notice is one of the refusals said over the form. */
export const isRefusalNotice = (notice: FormNotice): notice is RefusalNotice =>
  (refusalNotices as readonly FormNotice[]).includes(notice);

/** A notice over the whole form, beside the field messages: a wait, a failed creation or a refusal. */
export type FormNotice = 'tooManyRequests' | 'storeUnavailable' | 'creationFailed' | RefusalNotice;

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
