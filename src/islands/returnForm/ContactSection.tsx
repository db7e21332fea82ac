import type { ReturnAddress } from '@parcel-returns/contract';
import { fieldLimits } from '@parcel-returns/contract/fields';
import { AddressField } from './AddressField.tsx';
import { Recipient } from './Recipient.tsx';
import type { FormLinks, FormStrings } from './strings.ts';
import { streetLine } from './suggestions.ts';
import { Terms } from './Terms.tsx';
import { TextField } from './TextField.tsx';
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

/** Section 4: the sender's fields with address suggestions, the recipient, the terms. */
export function ContactSection(props: ContactSectionProps) {
  const { form, strings, message, requiredHint } = props;
  const { field, getValues, choose, defaults } = form;
  const errors = props.errors;
  // The value as an attribute too, so a form the server sends back shows what was posted.
  const registered = (
    name: 'name' | 'email' | 'phone' | 'customerReference' | 'street' | 'city' | 'zipCode',
  ) => ({
    ...field(name),
    defaultValue: defaults[name],
  });
  const text = (name: 'name' | 'email' | 'phone' | 'customerReference') => ({
    id: name,
    registration: registered(name),
    error: message(errors[name]),
  });
  const address = (
    name: 'street' | 'city' | 'zipCode',
    autoComplete: string,
    calledFrom: 'Street' | 'City' | 'ZipCode',
  ) => (
    <AddressField
      field={{
        id: name,
        label: strings[name](),
        registration: registered(name),
        error: message(errors[name]),
        requiredHint,
        autoComplete,
        maxLength: fieldLimits[name],
      }}
      calledFrom={calledFrom}
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
  return (
    <div className="contact">
      <div className="contact__grid">
        <div className="contact__sender">
          <h3 className="contact__title">{strings.senderTitle()}</h3>
          <TextField
            {...text('name')}
            label={strings.name()}
            requiredHint={requiredHint}
            autoComplete="name"
            maxLength={fieldLimits.name}
          />
          {address('street', 'address-line1', 'Street')}
          <div className="contact__pair">
            {address('zipCode', 'postal-code', 'ZipCode')}
            {address('city', 'address-level2', 'City')}
          </div>
          <TextField
            {...text('email')}
            label={strings.email()}
            type="email"
            inputMode="email"
            requiredHint={requiredHint}
            autoComplete="email"
            help={{ label: strings.helpFor({ field: strings.email() }), text: strings.emailHelp() }}
          />
          <TextField
            {...text('phone')}
            label={strings.phone()}
            type="tel"
            inputMode="tel"
            optionalText={strings.optional()}
            autoComplete="tel"
            maxLength={fieldLimits.phone}
          />
          <TextField
            {...text('customerReference')}
            label={strings.customerReference()}
            optionalText={strings.optional()}
            autoComplete="off"
            maxLength={fieldLimits.customerReference}
            help={{
              label: strings.helpFor({ field: strings.customerReference() }),
              text: strings.customerReferenceHelp(),
            }}
          />
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
