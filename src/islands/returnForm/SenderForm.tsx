import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useEffect, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { Country, ReturnPage } from '../../lib/contract.ts';
import { toCreationRequest } from '../../lib/creationRequest.ts';
import type { Culture, Locale } from '../../lib/locales.ts';
import { requiredFieldHint } from '../../lib/requiredFieldHint.ts';
import { forcedChoices, homeCountry, recipientAddress } from '../../lib/rules.ts';
import {
  emptySenderForm,
  senderFormSchema,
  type PostedFormState,
  type SenderFormValues,
} from '../../lib/senderForm.ts';
import { browserHumanCheck } from '../humanCheckSettings.ts';
import { goToError } from '../navigation.ts';
import { rememberReturn } from '../stores/rememberReturn.ts';
import { acceptReturn, failReturn, resetReturn, startSubmitting } from '../stores/returnState.ts';
import { ChoiceSections } from './ChoiceSections.tsx';
import { ContactSection } from './ContactSection.tsx';
import { countryName, type CountryOption } from './countryOptions.ts';
import { CountryField } from './CountryField.tsx';
import { confirmPaidService, paidServiceConfirmed, readDraft, saveDraft } from './draft.ts';
import { Section } from './Section.tsx';
import { ErrorSummary } from './ErrorSummary.tsx';
import type { FormLinks, FormStrings } from './strings.ts';
import { submitReturn } from './submit.ts';
import { tooManyAttemptsMessage } from './tooManyAttempts.ts';
import { typedBeforeHydration } from './typedBeforeHydration.ts';

export interface SenderFormProps {
  locale: Locale;
  culture: Culture;
  strings: FormStrings;
  links: FormLinks;
  token: string;
  page: ReturnPage;
  countries: readonly Country[];
  /** The culture's country names from the build, for the native list. */
  countryOptions: readonly CountryOption[];
  /** What the server answered a posted form with: the sender's values and each field's message key. */
  initial?: PostedFormState | undefined;
}

/** The four numbered sections of spec §2 and the submit, on react-hook-form with the shared schema. */
export function SenderForm(props: SenderFormProps) {
  const { locale, culture, strings, links, token, page, countries, initial } = props;
  const form = useForm<SenderFormValues>({
    defaultValues: initial?.values ?? emptySenderForm,
    resolver: standardSchemaResolver(senderFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const { watch, setValue, reset, getValues, handleSubmit, formState } = form;
  // Taken during the first render, before the inputs are registered (see typedBeforeHydration).
  // A driver pickup chosen before the island took over is a charged service not yet confirmed:
  // it is asked for now, as a choice made after would be, and kept only once confirmed.
  const [{ earlyHandover, typed }] = useState(() => {
    const { handover, ...rest } = typedBeforeHydration();
    return { earlyHandover: handover, typed: rest };
  });
  const [askPaidAtTakeover] = useState(
    () => earlyHandover === 'driver' && !paidServiceConfirmed(token) && !initial,
  );
  // Registered like the text fields, so a missing country is focused first when it is the first error.
  const countryField = useController({ name: 'country', control: form.control }).field;
  const [busy, setBusy] = useState(false);
  // Set once the island has taken the server's markup over and put back what was done before.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  // Seconds to wait after a 429; the form keeps every value so the sender can send it again then.
  const [retryAfter, setRetryAfter] = useState(
    initial?.notice === 'tooManyRequests' ? initial.retryAfterSeconds : undefined,
  );
  const [creationFailed, setCreationFailed] = useState(initial?.notice === 'creationFailed');
  const [paidConfirmed, setPaidConfirmed] = useState(false);
  const values = watch();
  const pageAllowsDriver = page.prepaidDriverPickUp;

  // The draft of this link comes back after a reload or a language switch.
  useEffect(() => {
    // A form the server sent back holds what the sender posted last: newer than any draft. What
    // the sender typed before the island took over is newer still.
    const draft = initial ? undefined : readDraft(token);
    if (draft) reset({ ...emptySenderForm, ...draft, ...typed });
    setPaidConfirmed(paidServiceConfirmed(token));
  }, [token, reset, initial, typed]);
  useEffect(() => {
    const early = earlyHandover && !askPaidAtTakeover ? { ...typed, handover: earlyHandover } : typed;
    // Saved at once: a language switch right after takeover keeps what was done before it.
    if (Object.keys(early).length > 0) {
      reset({ ...getValues(), ...early });
      saveDraft(token, getValues());
    }
  }, [typed, earlyHandover, askPaidAtTakeover, reset, getValues, token]);
  useEffect(() => {
    const subscription = watch((current) =>
      saveDraft(token, { ...emptySenderForm, ...current } as SenderFormValues),
    );
    return () => subscription.unsubscribe();
  }, [token, watch]);

  // Spec §4's forced choices follow the country and the page. While the sender has cleared the
  // country and not chosen another, the choices stay as for the default one.
  const { labelType, handover } = values;
  const country = values.country || homeCountry;
  useEffect(() => {
    const forced = forcedChoices({ country, labelType, handover }, pageAllowsDriver);
    if (forced.labelType) setValue('labelType', forced.labelType);
    if (forced.handover) setValue('handover', forced.handover);
  }, [country, labelType, handover, pageAllowsDriver, setValue]);

  useEffect(() => {
    void browserHumanCheck(locale).then((check) => check?.prepare());
  }, [locale]);

  const onValid = async (valid: SenderFormValues) => {
    if (!startSubmitting()) return;
    setBusy(true);
    setRetryAfter(undefined);
    setCreationFailed(false);
    const request = toCreationRequest(valid, token);
    const outcome = await submitReturn(
      request,
      await browserHumanCheck(locale),
      request.prepaidDriverPickUp && paidConfirmed,
    );
    if (!outcome.ok && outcome.reason === 'tooManyRequests') {
      resetReturn();
      setBusy(false);
      setRetryAfter(outcome.retryAfterSeconds);
      return;
    }
    if (!outcome.ok) {
      failReturn();
      // Spec §5: without a human check the sender goes to the error page; a refused creation
      // keeps the sender here, with everything typed, to send it again.
      if (outcome.reason === 'humanCheck') return goToError(locale, token);
      setBusy(false);
      setCreationFailed(true);
      return;
    }
    // The draft stays until the return is Complete: an import that ends in Error sends the
    // sender to the error page, whose 'Try again' comes back to it.
    const accepted = {
      batchId: outcome.batchId,
      labelless: request.labelless,
      driverPickup: request.prepaidDriverPickUp,
    };
    rememberReturn(accepted);
    acceptReturn(accepted.batchId, accepted);
  };

  const recipient = recipientAddress(page.returnAddresses ?? [], country);
  const message = (key: string | undefined) =>
    key && key in strings ? strings[key as keyof FormStrings] : key;
  // The server's messages stand until the sender submits here; then the island's own take over.
  const serverErrors = formState.isSubmitted ? {} : (initial?.errors ?? {});
  const errors = {
    ...Object.fromEntries(Object.entries(serverErrors).map(([name, key]) => [name, { message: key }])),
    ...formState.errors,
  } as typeof formState.errors;
  const hasErrors = Object.keys(formState.errors).length > 0;

  return (
    // Without a script the form posts to the page's own URL, token and all (see src/server/form/).
    <form
      method="post"
      className="return-form"
      noValidate
      onSubmit={handleSubmit(onValid)}
      aria-busy={busy}
      data-island={live ? 'ready' : undefined}
    >
      <ErrorSummary errors={serverErrors} strings={strings} />
      {/* A trap for bots posting without scripts (src/server/form/noScript.ts); people never see it. */}
      <div hidden>
        <label>
          {strings.honeypotLabel}
          <input name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {(initial?.notice === 'scriptsRequired' || initial?.notice === 'tooLarge') &&
        !formState.isSubmitted && (
          <p className="error-summary error-summary--top" role="alert">
            {strings[initial.notice]}
          </p>
        )}
      <Section number={1} title={strings.sectionCountry}>
        <CountryField
          value={values.country}
          culture={culture}
          countries={countries}
          onChange={countryField.onChange}
          onBlur={countryField.onBlur}
          focusRef={countryField.ref}
          error={message(errors.country?.message)}
          strings={strings}
          buildOptions={props.countryOptions}
        />
      </Section>
      <ChoiceSections
        values={{ ...values, country }}
        setValue={setValue}
        choiceError={message(errors.labelType?.message ?? errors.handover?.message)}
        pageAllowsDriver={pageAllowsDriver}
        paidConfirmed={paidConfirmed}
        confirmAtStart={askPaidAtTakeover}
        onPaidConfirmed={() => {
          setPaidConfirmed(true);
          if (token) confirmPaidService(token);
        }}
        strings={strings}
        links={links}
      />
      <Section number={4} title={strings.sectionContact}>
        <ContactSection
          form={form}
          errors={errors}
          strings={strings}
          links={links}
          message={message}
          requiredHint={requiredFieldHint(culture)}
          suggestionsEnabled={values.country === 'CZ'}
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
              {strings.errorSummary}
            </p>
          )}
          {retryAfter !== undefined && (
            <p className="error-summary" role="alert">
              {tooManyAttemptsMessage(strings, culture, retryAfter)}
            </p>
          )}
          {creationFailed && (
            <p className="error-summary" role="alert">
              {strings.creationFailed}
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
            {busy ? strings.submitting : strings.submit}
          </button>
          <p className="document-note">{strings.documentNote}</p>
        </div>
      </Section>
    </form>
  );
}
