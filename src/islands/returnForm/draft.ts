import { anotherParam } from '../../lib/pageQuery.ts';
import { emptySenderForm, type SenderFormValues } from '../../lib/senderForm.ts';

/**
 * The sender's draft in sessionStorage, per return link: it survives a reload, a language
 * switch and a failed return (the error page's 'Try again' comes back to it), never holds
 * the terms checkboxes, and is cleared once the return's label is there or the sender starts
 * another one. Beside it lives the confirmation of the paid driver pickup, so a sender who
 * confirmed it once is not asked again for the same draft.
 */
/** The draft's key in sessionStorage: the page hydrates its island at once when it is there. */
export const draftKey = (token: string) => `returns.draft.${token}`;
const paidKeyOf = (token: string) => `returns.paidConfirmed.${token}`;

type Draft = Omit<SenderFormValues, 'termsAccepted' | 'termsAcceptedBussiness'>;

/** The stored draft merged over an empty form, or undefined. Unknown or odd values are dropped. */
export function readDraft(token: string): Partial<SenderFormValues> | undefined {
  try {
    const raw = JSON.parse(sessionStorage.getItem(draftKey(token)) ?? 'null') as Record<
      string,
      unknown
    > | null;
    if (!raw || typeof raw !== 'object') return undefined;
    const draft: Partial<Record<keyof Draft, string>> = {};
    for (const key of Object.keys(emptySenderForm) as (keyof SenderFormValues)[]) {
      const value = raw[key];
      if (key !== 'termsAccepted' && key !== 'termsAcceptedBussiness' && typeof value === 'string') {
        draft[key] = value.slice(0, 200);
      }
    }
    return draft as Partial<SenderFormValues>;
  } catch {
    return undefined;
  }
}

/** Stores the draft without the terms. */
export function saveDraft(token: string, values: SenderFormValues): void {
  const { termsAccepted: _persons, termsAcceptedBussiness: _companies, ...draft } = values;
  try {
    sessionStorage.setItem(draftKey(token), JSON.stringify(draft satisfies Draft));
  } catch {
    // Storage full or blocked: the draft is a convenience, the form works without it.
  }
}

/** Whether the sender already confirmed the paid driver pickup for this draft. */
export function paidServiceConfirmed(token: string): boolean {
  try {
    return sessionStorage.getItem(paidKeyOf(token)) === 'true';
  } catch {
    return false;
  }
}

/** Remembers the sender's confirmation of the paid driver pickup. */
export function confirmPaidService(token: string): void {
  try {
    sessionStorage.setItem(paidKeyOf(token), 'true');
  } catch {
    // Without storage the sender is asked again after a reload; nothing else is lost.
  }
}

/** Forgets the draft and its confirmation. */
export function clearDraft(token: string): void {
  try {
    sessionStorage.removeItem(draftKey(token));
    sessionStorage.removeItem(paidKeyOf(token));
  } catch {
    // Nothing to clear.
  }
}

/**
 * 'Return another shipment' (`another` in the address): the form starts clean, even when the
 * sender left the sent page before its island ran and could clear the draft. The flag then leaves
 * the address, so a reload keeps what is typed from here on.
 */
export function startAnotherIfAsked(token: string): void {
  const url = new URL(location.href);
  if (!url.searchParams.has(anotherParam)) return;
  clearDraft(token);
  url.searchParams.delete(anotherParam);
  history.replaceState(history.state, '', url);
}
