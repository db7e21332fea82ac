import { senderTextFieldNames } from '../../lib/senderFields.ts';
import type { PostedFormState, SenderFormValues } from '../../lib/senderForm.ts';
import { messageText, type FormStrings, type MessageKey } from './strings.ts';

/**
 * Each field in the form's order, with where its link in the summary leads and the label it is
 * known by: the choices, the sender's text fields as their list has them (their own label), the terms.
 */
export const summaryTargets: readonly (readonly [keyof SenderFormValues, string, MessageKey])[] = [
  ['country', 'country', 'countryLabel'],
  ['labelType', 'labelType-label', 'sectionLabel'],
  ['handover', 'handover-pickupPoint', 'sectionHandover'],
  ...senderTextFieldNames.map((name) => [name, name, name] as const),
  ['termsAccepted', 'termsAccepted', 'termsPersons'],
  ['termsAcceptedBussiness', 'termsAcceptedBussiness', 'termsCompanies'],
];

/**
 * The summary at the top of a form the server sent back (GOV.UK's error summary): the general
 * message, then a link to each invalid field with its message. The island's own validation
 * keeps its message by the submit button, next to where the sender pressed.
 */
export function ErrorSummary({
  errors,
  strings,
}: {
  errors: PostedFormState['errors'];
  strings: FormStrings;
}) {
  const fields = summaryTargets.filter(([name]) => errors[name]);
  if (fields.length === 0) return null;
  return (
    <div className="error-summary error-summary--top" role="alert" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title" className="error-summary__title">
        {strings.errorSummary()}
      </h2>
      <ul className="error-summary__list">
        {fields.map(([name, id, label]) => (
          <li key={name}>
            <a href={`#${id}`}>
              {strings[label]()}: {messageText(strings, errors[name])}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
