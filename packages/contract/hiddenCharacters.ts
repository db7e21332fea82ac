import * as z from 'zod/mini';

/**
 * Characters no text a sender types may hold (security audit): the C0 and C1 controls (tab,
 * CR, LF, ESC and NUL among them), the line and paragraph separators, and the bidi embeddings,
 * overrides and isolates. The carrier puts names and addresses into e-mails and labels, where
 * they would start new lines or show the text reversed. Letters of any script, accents, a
 * no-break space and the joiners some scripts need stay allowed.
 */
export const hiddenCharacters = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** The check the form's and the server's schemas share: a text with a hidden character fails with `message`. */
export function refuseHiddenCharacters(message: string) {
  return z.refine<string>((value) => !hiddenCharacters.test(value), { message });
}
