import { emptySenderForm, type SenderFormValues } from '../../lib/senderForm.ts';

/**
 * The sender's draft in sessionStorage, per return link: it survives a reload and a language
 * switch, never holds the terms checkboxes, and is cleared after a successful submit.
 */
const keyOf = (token: string) => `returns.draft.${token}`;

type Draft = Omit<SenderFormValues, 'termsAccepted' | 'termsAcceptedBussiness'>;

/** The stored draft merged over an empty form, or undefined. Unknown or odd values are dropped. */
export function readDraft(token: string): Partial<SenderFormValues> | undefined {
  try {
    const raw = JSON.parse(sessionStorage.getItem(keyOf(token)) ?? 'null') as Record<string, unknown> | null;
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
    sessionStorage.setItem(keyOf(token), JSON.stringify(draft satisfies Draft));
  } catch {
    // Storage full or blocked: the draft is a convenience, the form works without it.
  }
}

/** Forgets the draft. */
export function clearDraft(token: string): void {
  try {
    sessionStorage.removeItem(keyOf(token));
  } catch {
    // Nothing to clear.
  }
}
