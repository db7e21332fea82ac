import type { ReturnAddress } from '@parcel-returns/contract';
import { senderTextFields } from '../../lib/senderFields.ts';
import { AddressField } from './AddressField.tsx';
import { Recipient } from './Recipient.tsx';
import type { FormLinks, FormStrings } from './strings.ts';
import { streetLine } from './suggestions.ts';
import { Terms } from './Terms.tsx';
import { TextField, type FieldProps } from './TextField.tsx';
import type { FieldErrors, ReturnFormState } from './useReturnForm.ts';

interface ContactSectionProps {
  form: ReturnFormState;
  /** The island's errors over the server's, so a posted form shows its messages too. */
  errors: FieldErrors;
  strings: FormStrings;
  links: FormLinks;
  message: (key: string | undefined) => string | undefined;
  requiredHint: string;
  suggestionsEnabled: boolean;
  recipient: ReturnAddress | undefined;
  recipientCountry: string;
}

/** A row of the sender's fields: one field, or two that share it (`paired`). */
type Entry = (typeof senderTextFields)[number];
const paired = (entry: Entry | undefined) => entry !== undefined && 'paired' in entry;
const rows = senderTextFields.reduce<Entry[][]>((all, entry) => {
  const last = all.at(-1);
  if (paired(entry) && last?.length === 1 && paired(last[0])) last.push(entry);
  else all.push([entry]);
  return all;
}, []);

/** Section 4: the sender's fields (senderFields.ts) with address suggestions, the recipient, the terms. */
export function ContactSection(props: ContactSectionProps) {
  const { form, strings, message, requiredHint } = props;
  const { field, getValues, choose, defaults } = form;
  const errors = props.errors;
  const input = (entry: Entry) => {
    const { name } = entry;
    const label = strings[name]();
    const optional = entry.kind === 'optional';
    const fieldProps: FieldProps = {
      id: name,
      label,
      // The value as an attribute too, so a form the server sends back shows what was posted.
      registration: { ...field(name), defaultValue: defaults[name] },
      error: message(errors[name]),
      autoComplete: entry.autoComplete,
      ...(optional ? { optionalText: strings.optional() } : { requiredHint }),
      ...('type' in entry && { type: entry.type, inputMode: entry.type }),
      // An e-mail over its limit gets its message, not a field that stops taking keys.
      ...(entry.kind !== 'email' && { maxLength: entry.maxLength }),
      ...('help' in entry && {
        help: { label: strings.helpFor({ field: label }), text: strings[entry.help]() },
      }),
    };
    if (!('part' in entry)) return <TextField key={name} {...fieldProps} />;
    return (
      <AddressField
        key={name}
        field={fieldProps}
        calledFrom={entry.part}
        enabled={props.suggestionsEnabled}
        query={() => {
          const { street, zipCode, city } = getValues();
          return { street, zipCode, city };
        }}
        onChoose={(s) => {
          choose('street', streetLine(s));
          choose('zipCode', s.zipCode);
          choose('city', s.city);
        }}
        strings={strings}
      />
    );
  };
  return (
    <div className="contact">
      <div className="contact__grid">
        <div className="contact__sender">
          <h3 className="contact__title">{strings.senderTitle()}</h3>
          {rows.map((row) =>
            row.length > 1 ? (
              <div key={row[0]?.name} className="contact__pair">
                {row.map(input)}
              </div>
            ) : (
              row.map(input)
            ),
          )}
        </div>
        <Recipient
          title={strings.recipientTitle()}
          address={props.recipient}
          countryName={props.recipientCountry}
        />
      </div>
      <Terms
        field={field}
        checked={(name) => defaults[name]}
        errors={errors}
        message={message}
        strings={strings}
        links={props.links}
      />
    </div>
  );
}
