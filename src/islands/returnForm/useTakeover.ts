import { startTransition, useEffect, useState } from 'react';
import type { PostedFormState } from '../../lib/senderForm.ts';
import { paidServiceConfirmed, readDraft } from './draft.ts';
import { typedBeforeHydration } from './typedBeforeHydration.ts';
import type { SenderFormState } from './useSenderForm.ts';

/**
 * The island taking the server's form over: what the sender typed or chose before, the draft of
 * this link after a reload or a language switch, and the paid driver pickup chosen early. Returns
 * whether the takeover is done (`live`), whether the paid service must be confirmed at once, and
 * whether it is confirmed.
 */
export function useTakeover(form: SenderFormState, token: string, initial: PostedFormState | undefined) {
  const { reset, getValues } = form;
  // Taken during the first render, before React sets the choices to its state (see
  // typedBeforeHydration); the text fields are read again after the first commit. A driver pickup
  // chosen before the island took over is a charged service not yet confirmed: it is asked for
  // now, as a choice made after would be, and kept only once confirmed.
  const [{ earlyHandover, typed }] = useState(() => {
    const { handover, ...rest } = typedBeforeHydration();
    return { earlyHandover: handover, typed: rest };
  });
  const [askPaidAtTakeover] = useState(
    () => earlyHandover === 'driver' && !paidServiceConfirmed(token) && !initial,
  );
  const [live, setLive] = useState(false);
  const [paidConfirmed, setPaidConfirmed] = useState(false);

  // The draft comes back under what the sender did before the island took over. A form the
  // server sent back holds what the sender posted last, newer than any draft.
  useEffect(() => {
    // Read again now: a key pressed while the island took over counts too (the text fields are
    // the browser's own until here; the choices as read before React set them).
    const { handover: _handover, ...typedNow } = typedBeforeHydration();
    const now = { ...typed, ...typedNow };
    const early = earlyHandover && !askPaidAtTakeover ? { ...now, handover: earlyHandover } : now;
    const draft = initial ? undefined : readDraft(token);
    // A transition, as the hydration before it: React renders the form again in small steps
    // between the sender's keys, not in one task that a key would wait for.
    startTransition(() => {
      if (draft || Object.keys(early).length > 0) reset({ ...getValues(), ...draft, ...early });
      setPaidConfirmed(paidServiceConfirmed(token));
      setLive(true);
    });
  }, [token, reset, getValues, initial, typed, earlyHandover, askPaidAtTakeover]);

  return { live, askPaidAtTakeover, paidConfirmed, setPaidConfirmed };
}
