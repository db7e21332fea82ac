import { useRef, useState } from 'react';
import type { SenderFormValues } from '../../lib/senderForm.ts';
import { confirmPaidService } from './draft.ts';
import type { SenderFormState } from './useSenderForm.ts';

/**
 * Spec §4: driver pickup is charged, so it is confirmed whenever one is sent, whatever brought
 * the choice (a form the server sent back, a draft, a press before takeover). The dialog opens
 * when the choice is made (or at the takeover, for one made before it), or at a send of a driver
 * pickup not yet confirmed; Confirm then keeps it (and gives back the values waiting to be sent),
 * Cancel keeps the pick-up point.
 */
export function usePaidConfirmation(options: {
  token: string;
  askAtTakeover: boolean;
  setValue: SenderFormState['setValue'];
  setPaidConfirmed: (confirmed: boolean) => void;
}) {
  const { token, setValue, setPaidConfirmed } = options;
  const [asked, setAsked] = useState<'choice' | 'send' | undefined>(
    options.askAtTakeover ? 'choice' : undefined,
  );
  const waiting = useRef<SenderFormValues | undefined>(undefined);
  // The dialog's code never arrived: the server asks for the confirmation on a page of its own.
  const [dialogFailed, setDialogFailed] = useState(false);
  return {
    open: asked !== undefined && !dialogFailed,
    askAtChoice: () => (dialogFailed ? setValue('handover', 'driver') : setAsked('choice')),
    /**
     * Holds `valid` until the sender answers; a sent confirmation is forgotten (the site refused
     * it). 'post' when the dialog cannot be shown: the form is then posted as plain HTML.
     */
    askAtSend: (valid: SenderFormValues): 'asked' | 'post' => {
      setPaidConfirmed(false);
      if (dialogFailed) return 'post';
      waiting.current = valid;
      setAsked('send');
      return 'asked';
    },
    /**
     * The dialog could not load. A choice is kept unconfirmed (asked for at the send); a send is
     * 'post': the caller posts the form, and the server's own confirmation page asks.
     */
    failed: (): 'post' | undefined => {
      setDialogFailed(true);
      const at = asked;
      setAsked(undefined);
      waiting.current = undefined;
      if (at === 'choice') setValue('handover', 'driver');
      return at === 'send' ? 'post' : undefined;
    },
    /** Keeps driver pickup; the values waiting to be sent, when it was asked at a send. */
    confirm: (): SenderFormValues | undefined => {
      setPaidConfirmed(true);
      if (token) confirmPaidService(token);
      setValue('handover', 'driver');
      setAsked(undefined);
      const valid = asked === 'send' ? waiting.current : undefined;
      waiting.current = undefined;
      return valid;
    },
    cancel: () => {
      if (asked === 'send') setValue('handover', 'pickupPoint');
      waiting.current = undefined;
      setAsked(undefined);
    },
  };
}
