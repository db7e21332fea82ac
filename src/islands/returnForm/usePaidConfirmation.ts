import { useEffect, useRef, useState } from 'react';
import type { SenderFormValues } from '../../lib/senderForm.ts';
import { confirmPaidService, paidServiceConfirmed } from './draft.ts';
import type { ReturnFormState } from './useReturnForm.ts';

/**
 * Spec §4: driver pickup is charged, so it is confirmed whenever one is sent, whatever brought
 * the choice (a form the server sent back, a draft, a press before takeover). The dialog opens
 * when the sender chooses it (the choice waits for it), or at a send of a driver pickup not yet
 * confirmed; Confirm takes it (and gives back the values waiting to be sent), Cancel keeps or puts back
 * the pick-up point. It never
 * opens on its own while the island takes over, so the focus stays where the sender left it.
 */
export function usePaidConfirmation(token: string, choose: ReturnFormState['choose']) {
  const [confirmed, setConfirmed] = useState(false);
  useEffect(() => setConfirmed(paidServiceConfirmed(token)), [token]);
  const [asked, setAsked] = useState<'choice' | 'send' | undefined>();
  const waiting = useRef<SenderFormValues | undefined>(undefined);
  // The dialog's code never arrived: the server asks for the confirmation on a page of its own.
  const [dialogFailed, setDialogFailed] = useState(false);
  return {
    confirmed,
    open: asked !== undefined && !dialogFailed,
    /** Driver pickup chosen: asked for now; without the dialog it is taken, and asked for at the send. */
    askAtChoice: () => (dialogFailed ? choose('handover', 'driver') : setAsked('choice')),
    /**
     * Holds `valid` until the sender answers; a sent confirmation is forgotten (the site refused
     * it). 'post' when the dialog cannot be shown: the form is then posted as plain HTML.
     */
    askAtSend: (valid: SenderFormValues): 'asked' | 'post' => {
      setConfirmed(false);
      if (dialogFailed) return 'post';
      waiting.current = valid;
      setAsked('send');
      return 'asked';
    },
    /** The dialog could not load: a choice is taken, asked for at the send; a send is posted plainly. */
    failed: (): 'post' | undefined => {
      setDialogFailed(true);
      if (asked === 'choice') choose('handover', 'driver');
      setAsked(undefined);
      waiting.current = undefined;
      return asked === 'send' ? 'post' : undefined;
    },
    /** Keeps driver pickup; the values waiting to be sent, when it was asked at a send. */
    confirm: (): SenderFormValues | undefined => {
      setConfirmed(true);
      confirmPaidService(token);
      choose('handover', 'driver');
      setAsked(undefined);
      const valid = asked === 'send' ? waiting.current : undefined;
      waiting.current = undefined;
      return valid;
    },
    cancel: () => {
      choose('handover', 'pickupPoint');
      waiting.current = undefined;
      setAsked(undefined);
    },
  };
}
