import type { CreationRequest } from './contract.ts';
import type { SenderFormValues } from './senderForm.ts';

/**
 * Spec §3: the creation request from the form. Street, zip and city are trimmed at the end,
 * name2 stays unset, contact repeats the name; an empty phone or reference is left out.
 */
export function toCreationRequest(values: SenderFormValues, token: string): CreationRequest {
  const name = values.name.trim();
  const phone = values.phone.trim();
  const customerReference = values.customerReference.trim();
  return {
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
      ...(phone && { phone }),
    },
    ...(customerReference && { customerReference }),
  };
}
