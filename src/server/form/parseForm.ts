import { isCountryCode } from '../../lib/countries.ts';
import { choiceAfterRefusal } from '../../lib/creationRequest.ts';
import { driverPickupAllowed, homeCountry, labellessAllowed } from '../../lib/rules.ts';
import { senderTextFieldNames } from '../../lib/senderFields.ts';
import { emptySenderForm, type FormMessageKey, type SenderFormValues } from '../../lib/senderForm.ts';
import { senderFormErrors } from '../../lib/senderFormSchema.ts';

/** A field's message: the keys the island shows, plus the choices only the server can refuse. */
export type ServerMessageKey = FormMessageKey;
export type FormErrors = Partial<Record<keyof SenderFormValues, ServerMessageKey>>;

/**
 * The sender form from a posted body, as the browser sends it without scripts: text fields as
 * typed (cut at 500 characters, far over every limit, so a huge body is not echoed back), a
 * checked box as present, the radios and the country as their values.
 */
export function formValues(body: URLSearchParams): SenderFormValues {
  const text = (name: string) => (body.get(name) ?? '').slice(0, 500);
  const values: SenderFormValues = {
    ...emptySenderForm,
    country: text('country'),
    labelType: body.get('labelType') === 'label' ? 'label' : 'qr',
    handover: body.get('handover') === 'driver' ? 'driver' : 'pickupPoint',
    termsAccepted: body.has('termsAccepted'),
    termsAcceptedBussiness: body.has('termsAcceptedBussiness'),
  };
  for (const name of senderTextFieldNames) values[name] = text(name);
  return values;
}

/**
 * Checks posted values with the island's schema, then the rules of spec §4 that the island
 * enforces by hiding choices: QR only from CZ, driver pickup only where the return page
 * allows it and from the driver-pickup countries. A refused choice is set back to what the
 * island would have forced, with a message, so the sender sees the form as it must be.
 */
export function checkForm(
  posted: SenderFormValues,
  pageAllowsDriver: boolean,
): { values: SenderFormValues; errors: FormErrors } {
  const errors: FormErrors = senderFormErrors(posted);
  const values = { ...posted };
  if (!errors.country && !isCountryCode(values.country)) errors.country = 'errorRequired';
  // While the country is missing the choices stay as for the default one, as in the island.
  const country = values.country || homeCountry;
  if (values.labelType === 'qr' && !labellessAllowed(country)) {
    values.labelType = choiceAfterRefusal.labelType;
    errors.labelType = 'errorQrUnavailable';
  }
  if (values.handover === 'driver' && !driverPickupAllowed(pageAllowsDriver, country)) {
    values.handover = choiceAfterRefusal.handover;
    errors.handover = 'errorDriverUnavailable';
  }
  return { values, errors };
}
