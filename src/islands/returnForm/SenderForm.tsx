import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { Country, ReturnPage } from '@parcel-returns/contract';
import type { Culture, Locale } from '../../lib/locales.ts';
import { requiredFieldHint } from '../../lib/requiredFieldHint.ts';
import { forcedChoices, homeCountry, recipientAddress } from '../../lib/rules.ts';
import { isRefusalNotice, type PostedFormState } from '../../lib/senderForm.ts';
import { browserHumanCheck } from '../humanCheckSettings.ts';
import { ChoiceSections } from './ChoiceSections.tsx';
import { ContactSection } from './ContactSection.tsx';
import { countryName, type CountryOption } from './countryOptions.ts';
import { CountryField } from './CountryField.tsx';
import { Section } from './Section.tsx';
import { ErrorSummary } from './ErrorSummary.tsx';
import { messageText, type FormLinks, type FormStrings } from './strings.ts';
import { waitMessage } from './waitMessage.ts';
import { useReturnForm, type FieldErrors } from './useReturnForm.ts';
import { useSend } from './useSend.ts';

export interface SenderFormProps {
  locale: Locale;
  culture: Culture;
  strings: FormStrings;
  links: FormLinks;
  token: string;
  page: ReturnPage;
  countries: readonly Country[];
  /** The culture's country names from the build, for the native list. */
  countryOptions: () => readonly CountryOption[];
  /** What the server answered a posted form with: the sender's values and each field's message key. */
  initial?: PostedFormState | undefined;
}

/** The four numbered sections of spec §2 and the submit, checked with the shared schema. */
export function SenderForm(props: SenderFormProps) {
  const { locale, culture, strings, links, token, page, countries, initial } = props;
  const form = useReturnForm(token, initial);
  const { control, formState, choose } = form;
  const [chosenCountry, labelType, handover] = useWatch({
    control,
    name: ['country', 'labelType', 'handover'],
  });
  const country = chosenCountry || homeCountry;
  // Set once its effects have run: the island has taken the form over.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const pageAllowsDriver = page.prepaidDriverPickUp;

  // Spec §4's forced choices follow the country and the page. While the sender has cleared the
  // country and not chosen another, the choices stay as for the default one.
  useEffect(() => {
    const forced = forcedChoices({ country, labelType, handover }, pageAllowsDriver);
    if (forced.labelType) choose('labelType', forced.labelType);
    if (forced.handover) choose('handover', forced.handover);
  }, [country, labelType, handover, pageAllowsDriver, choose]);

  // The human check's settings (and reCAPTCHA's script, where it is the provider) once the phone is
  // idle after takeover, not in the keys the sender is typing.
  useEffect(() => {
    const prepare = () => void browserHumanCheck(locale).then((check) => check?.prepare());
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(prepare, 1000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(prepare, { timeout: 5000 });
    return () => cancelIdleCallback(idle);
  }, [locale]);

  const { formElement, busy, wait, creationFailed, paid, onSubmit, onConfirm, onDialogFailed } = useSend(
    form,
    locale,
    token,
    initial,
  );

  const recipient = recipientAddress(page.returnAddresses ?? [], country);
  const message = (key: string | undefined) => messageText(strings, key);
  // A posted form's messages are the form's first errors; its summary stands until a send here.
  const { isSubmitted } = formState;
  const serverErrors = isSubmitted ? {} : (initial?.errors ?? {});
  const errors = Object.fromEntries(
    // The form library's record of errors: a field without one is not promised to be left out.
    Object.entries<{ message?: string } | undefined>(formState.errors).map(([name, error]) => [
      name,
      error?.message,
    ]),
  ) as FieldErrors;
  const hasErrors = isSubmitted && Object.keys(formState.errors).length > 0;
  const notice = initial?.notice;
  const refusal = notice && isRefusalNotice(notice) ? notice : undefined;

  return (
    // Without a script the form posts to the page's own URL, token and all (see src/server/form/).
    <form
      method="post"
      className="return-form"
      noValidate
      ref={formElement}
      onSubmit={onSubmit}
      aria-busy={busy}
      data-island={live ? 'ready' : undefined}
    >
      <ErrorSummary errors={serverErrors} strings={strings} />
      {/* A trap for bots posting without scripts (src/server/form/noScript.ts); people never see it. */}
      <div hidden>
        <label>
          {strings.honeypotLabel()}
          <input name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {refusal && !isSubmitted && (
        <p className="error-summary error-summary--top" role="alert">
          {strings[refusal]()}
        </p>
      )}
      <Section number={1} title={strings.sectionCountry()}>
        <CountryField
          value={chosenCountry}
          registration={form.field('country')}
          culture={culture}
          countries={countries}
          onChange={(code) => choose('country', code)}
          error={message(errors.country)}
          strings={strings}
          buildOptions={props.countryOptions}
        />
      </Section>
      <ChoiceSections
        form={form}
        values={{ country, labelType, handover }}
        choiceError={message(errors.labelType ?? errors.handover)}
        pageAllowsDriver={pageAllowsDriver}
        paidConfirmed={paid.confirmed}
        confirming={paid.open}
        onAskToConfirm={paid.askAtChoice}
        onConfirm={onConfirm}
        onCancel={paid.cancel}
        onDialogFailed={onDialogFailed}
        strings={strings}
        links={links}
      />
      <Section number={4} title={strings.sectionContact()}>
        <ContactSection
          form={form}
          errors={errors}
          strings={strings}
          links={links}
          message={message}
          requiredHint={requiredFieldHint(culture)}
          suggestionsEnabled={country === homeCountry}
          recipient={recipient}
          recipientCountry={
            recipient ? countryName(recipient.country, culture, countries, props.countryOptions) : ''
          }
        />
        {/* A live region in the page from the start, silent while empty: a screen reader says
            what appears in it, where an alert inserted with its text already in it is often not heard. */}
        <div className="form-alerts" aria-live="assertive">
          {hasErrors && (
            <p className="error-summary" role="alert">
              {strings.errorSummary()}
            </p>
          )}
          {wait && (
            <p className="error-summary" role="alert">
              {waitMessage(strings, wait.reason, wait.seconds)}
            </p>
          )}
          {creationFailed && (
            <p className="error-summary" role="alert">
              {strings.creationFailed()}
            </p>
          )}
        </div>
        <div className="submit-row" id="submit-row">
          <button
            type="submit"
            className="button button--large"
            disabled={busy}
            aria-disabled={busy || undefined}
          >
            {busy ? strings.submitting() : strings.submit()}
          </button>
          <p className="document-note">{strings.documentNote()}</p>
        </div>
      </Section>
    </form>
  );
}
