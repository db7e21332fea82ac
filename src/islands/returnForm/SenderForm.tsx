import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import type { Country, ReturnPage } from '../../lib/contract.ts';
import { toCreationRequest } from '../../lib/creationRequest.ts';
import type { Culture, Locale } from '../../lib/locales.ts';
import { requiredFieldHint } from '../../lib/requiredFieldHint.ts';
import { forcedChoices, homeCountry, recipientAddress } from '../../lib/rules.ts';
import type { PostedFormState, SenderFormValues } from '../../lib/senderForm.ts';
import { browserHumanCheck } from '../humanCheckSettings.ts';
import { goToError } from '../navigation.ts';
import { rememberReturn } from '../stores/rememberReturn.ts';
import { acceptReturn, failReturn, resetReturn, startSubmitting } from '../stores/returnState.ts';
import { ChoiceSections } from './ChoiceSections.tsx';
import { ContactSection } from './ContactSection.tsx';
import { countryName, type CountryOption } from './countryOptions.ts';
import { CountryField } from './CountryField.tsx';
import { Section } from './Section.tsx';
import { ErrorSummary } from './ErrorSummary.tsx';
import { messageText, type FormLinks, type FormStrings } from './strings.ts';
import { submitReturn } from './submit.ts';
import { postedWait, waitMessage } from './waitMessage.ts';
import { usePaidConfirmation } from './usePaidConfirmation.ts';
import { useReturnForm, type FieldErrors } from './useReturnForm.ts';

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
  const { control, formState, handleSubmit, choose } = form;
  const [chosenCountry, labelType, handover] = useWatch({
    control,
    name: ['country', 'labelType', 'handover'],
  });
  const country = chosenCountry || homeCountry;
  // Set once its effects have run: the island has taken the form over.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const [busy, setBusy] = useState(false);
  // Seconds to wait after a 429 or a 503; the form keeps every value so the sender can send it again then.
  const [wait, setWait] = useState(() => postedWait(initial));
  const [creationFailed, setCreationFailed] = useState(initial?.notice === 'creationFailed');
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

  const paid = usePaidConfirmation(token, choose);

  // HTML first: when a part the island needs for a send never arrives (the schema of the first
  // check, the paid-service dialog), the form goes as the page's own plain post, with everything
  // in it, and the server answers as it does without scripts. Its submit() does not come back here.
  const formElement = useRef<HTMLFormElement>(null);
  const postPlainly = () => {
    resetReturn();
    formElement.current?.submit();
  };
  // Only before anything was sent: a plain post after a send could create the return twice.
  const sendStarted = useRef(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    sendStarted.current = false;
    handleSubmit(onValid)(event).catch(() =>
      sendStarted.current ? console.error({ code: 'unknownError', call: 'submit' }) : postPlainly(),
    );
  };

  const onValid = async (valid: SenderFormValues) => {
    if (valid.handover === 'driver' && !paid.confirmed) {
      if (paid.askAtSend(valid) === 'post') postPlainly();
      return;
    }
    await send(valid, paid.confirmed);
  };

  const send = async (valid: SenderFormValues, confirmed: boolean) => {
    sendStarted.current = true;
    if (!startSubmitting()) return;
    setBusy(true);
    setWait(undefined);
    setCreationFailed(false);
    const request = toCreationRequest(valid, token);
    const outcome = await submitReturn(
      request,
      await browserHumanCheck(locale),
      request.prepaidDriverPickUp && confirmed,
    );
    if (!outcome.ok && outcome.reason === 'unconfirmed') {
      resetReturn();
      setBusy(false);
      if (paid.askAtSend(valid) === 'post') postPlainly();
      return;
    }
    if (!outcome.ok && (outcome.reason === 'tooManyRequests' || outcome.reason === 'storeUnavailable')) {
      resetReturn();
      setBusy(false);
      setWait({ reason: outcome.reason, seconds: outcome.retryAfterSeconds });
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
  const message = (key: string | undefined) => messageText(strings, key);
  // A posted form's messages are the form's first errors; its summary stands until a send here.
  const { isSubmitted } = formState;
  const serverErrors = isSubmitted ? {} : (initial?.errors ?? {});
  const errors = Object.fromEntries(
    Object.entries(formState.errors).map(([name, error]) => [name, error?.message]),
  ) as FieldErrors;
  const hasErrors = isSubmitted && Object.keys(formState.errors).length > 0;

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
      {(initial?.notice === 'scriptsRequired' || initial?.notice === 'tooLarge') && !isSubmitted && (
        <p className="error-summary error-summary--top" role="alert">
          {strings[initial.notice]()}
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
        onConfirm={() => {
          const valid = paid.confirm();
          if (valid) void send(valid, true);
        }}
        onCancel={paid.cancel}
        onDialogFailed={() => paid.failed() === 'post' && postPlainly()}
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
