import type { CreationRequest } from '@parcel-returns/contract';
import { senderTextFields, type WirePath } from './senderFields.ts';
import type { FormMessageKey, SenderFormValues } from './senderForm.ts';

/**
 * Spec §3: the creation request from the form. Street, zip and city are trimmed at the end,
 * name2 stays unset, contact repeats the name; an optional field is trimmed and left out when
 * empty, and goes where its entry in senderFields.ts says. The parts keep the order they always
 * had: the idempotency key is a digest of this request as JSON (idempotencyKey.ts).
 */
export function toCreationRequest(values: SenderFormValues, token: string): CreationRequest {
  const name = values.name.trim();
  const request: CreationRequest = {
    base64Token: token,
    prepaidDriverPickUp: values.handover === 'driver',
    labelless: values.labelType === 'qr',
    sender: {
      street: values.street.trimEnd(),
      zipCode: values.zipCode.trimEnd(),
      city: values.city.trimEnd(),
      country: values.country,
      email: values.email.trim(),
      name,
      contact: name,
    },
  };
  for (const field of senderTextFields) {
    const value = values[field.name].trim();
    if (field.kind === 'optional' && value) fill(request, field.wire, value);
  }
  return request;
}

/** Sets a text at its place in the request: a part of the sender, or the request's own. */
function fill(request: CreationRequest, wire: WirePath, value: string): void {
  const [part, key] = wire.split('.');
  if (part === 'sender' && key) Object.assign(request.sender, { [key]: value });
  else Object.assign(request, { [wire]: value });
}

/** The form's field behind each part of the creation request that a sender fills in. */
const fieldOfPath: Readonly<Record<string, keyof SenderFormValues>> = {
  prepaidDriverPickUp: 'handover',
  labelless: 'labelType',
  'sender.country': 'country',
  'sender.contact': 'name',
  ...Object.fromEntries(senderTextFields.map(({ wire, name }) => [wire, name])),
};

/**
 * A choice refused for this return (spec §4) is set back to the one always allowed, which its
 * message names ('…so the printed label is chosen'): the form then shows what it says, on both
 * paths (parseForm.ts for the plain form, useSend.ts for the island).
 */
export const choiceAfterRefusal = { labelType: 'label', handover: 'pickupPoint' } as const;

/**
 * The fields a 400 from the site names (paths of the creation request), as the form's own
 * messages on the form's fields: a choice this link does not allow says so as the form would;
 * a value refused past the form's own check asks the sender to look at it again.
 */
export function formErrorsOf(
  issues: readonly { path: string }[],
): Partial<Record<keyof SenderFormValues, FormMessageKey>> {
  const errors: Partial<Record<keyof SenderFormValues, FormMessageKey>> = {};
  for (const { path } of issues) {
    const field = fieldOfPath[path];
    if (!field) continue;
    errors[field] ??=
      field === 'labelType'
        ? 'errorQrUnavailable'
        : field === 'handover'
          ? 'errorDriverUnavailable'
          : 'errorRefused';
  }
  return errors;
}
