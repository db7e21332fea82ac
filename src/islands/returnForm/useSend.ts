import { nearOfSender } from '../../lib/dropOff.ts';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { sentUrl } from '../../lib/acceptedReturn.ts';
import { choiceAfterRefusal, toCreationRequest } from '../../lib/creationRequest.ts';
import type { Locale } from '../../lib/locales.ts';
import type { PostedFormState, SenderFormValues } from '../../lib/senderForm.ts';
import { browserHumanCheck } from '../humanCheckSettings.ts';
import { attemptOfPage, goToError } from '../navigation.ts';
import { submitReturn } from './submit.ts';
import { usePaidConfirmation } from './usePaidConfirmation.ts';
import type { FieldName, ReturnFormState } from './useReturnForm.ts';
import { postedWait } from './waitMessage.ts';

/**
 * What a press of Send does once the island has the form: the schema's check, the paid-service
 * confirmation of a driver pickup, the creation, and where each answer leaves the sender. A 202
 * goes on to the return's sent page, where the plain form's post ends too; a refusal keeps the
 * sender in the form with everything typed: a wait to sit out (429, 503), the fields the site
 * named (400), or the confirmation it asked for.
 */
export function useSend(form: ReturnFormState, locale: Locale, token: string, initial?: PostedFormState) {
  const { handleSubmit, setError, setValue, choose } = form;
  const [busy, setBusy] = useState(false);
  // Seconds to wait after a 429 or a 503; the form keeps every value so the sender can send it again then.
  const [wait, setWait] = useState(() => postedWait(initial));
  const [creationFailed, setCreationFailed] = useState(initial?.notice === 'creationFailed');
  const paid = usePaidConfirmation(token, choose);

  // HTML first: when a part the island needs for a send never arrives (the schema of the first
  // check, the paid-service dialog), the form goes as the page's own plain post, with everything
  // in it, and the server answers as it does without scripts. Its submit() does not come back here.
  const formElement = useRef<HTMLFormElement>(null);
  const postPlainly = () => formElement.current?.submit();
  // Only before anything was sent: a plain post after a send could create the return twice.
  const sendStarted = useRef(false);
  const sending = useRef(false);
  // Back from the sent page may show this page as it was left, mid-send: it is ready to send again.
  useEffect(() => {
    const shownAgain = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      sending.current = false;
      setBusy(false);
    };
    window.addEventListener('pageshow', shownAgain);
    return () => window.removeEventListener('pageshow', shownAgain);
  }, []);

  const send = async (valid: SenderFormValues, confirmed: boolean) => {
    sendStarted.current = true;
    // A second press while one send is under way is the same send.
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setWait(undefined);
    setCreationFailed(false);
    const request = toCreationRequest(valid, token);
    const outcome = await submitReturn(
      request,
      await browserHumanCheck(locale),
      request.prepaidDriverPickUp && confirmed,
      attemptOfPage(),
    );
    if (outcome.ok) {
      // The draft stays until the label exists: an import that ends in Error sends the sender to
      // the error page, whose 'Try again' comes back to it. Back comes back to the form, as after
      // the plain post; sent again unchanged, either way, it is the same attempt and the same
      // return (src/lib/idempotencyKey.ts), unless the carrier failed it meanwhile.
      const { labelless, prepaidDriverPickUp: driverPickup } = request;
      const near = nearOfSender(request.sender);
      window.location.assign(
        sentUrl({ locale, batchId: outcome.batchId, token, labelless, driverPickup, near }),
      );
      return;
    }
    sending.current = false;
    // Spec §5: without a human check the sender goes to the error page.
    if (outcome.reason === 'humanCheck') {
      goToError(locale, token);
      return;
    }
    setBusy(false);
    if (outcome.reason === 'unconfirmed') {
      if (paid.askAtSend(valid) === 'post') postPlainly();
    } else if (outcome.reason === 'fields') {
      const named = Object.entries(outcome.fields) as [FieldName, string][];
      // A refused choice goes back to the one its message says is chosen, as the plain form's does.
      for (const [name] of named)
        if (name === 'labelType' || name === 'handover')
          setValue(name, choiceAfterRefusal[name], { shouldDirty: true });
      named.forEach(([name, message], at) =>
        setError(name, { type: 'server', message }, { shouldFocus: at === 0 }),
      );
    } else if ('retryAfterSeconds' in outcome) {
      setWait({ reason: outcome.reason, seconds: outcome.retryAfterSeconds });
    } else {
      setCreationFailed(true);
    }
  };

  const onValid = async (valid: SenderFormValues) => {
    if (valid.handover === 'driver' && !paid.confirmed) {
      if (paid.askAtSend(valid) === 'post') postPlainly();
      return;
    }
    await send(valid, paid.confirmed);
  };

  return {
    formElement,
    busy,
    wait,
    creationFailed,
    paid,
    onSubmit: (event: SubmitEvent<HTMLFormElement>) => {
      sendStarted.current = false;
      handleSubmit(onValid)(event).catch(() =>
        sendStarted.current ? console.error({ code: 'unknownError', call: 'submit' }) : postPlainly(),
      );
    },
    /** The sender confirmed the paid service: a send that waited for it goes now. */
    onConfirm: () => {
      const valid = paid.confirm();
      if (valid) void send(valid, true);
    },
    /** The dialog's code never arrived: a send that waited for it goes as the plain post. */
    onDialogFailed: () => paid.failed() === 'post' && postPlainly(),
  };
}
