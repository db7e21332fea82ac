import type { TranslationFunctions } from '../../i18n/i18n-types.ts';
import type { ShellContent } from '../../content/schema.ts';

/** The form's texts: the `form` group of the island's language, as typesafe-i18n's functions. */
export type FormStrings = TranslationFunctions['form'];

/** The form's texts that take no parameter: the ones a message key may name. */
export type MessageKey = {
  [K in keyof FormStrings]: Parameters<FormStrings[K]> extends [] ? K : never;
}[keyof FormStrings];

/** The editor-owned links the form shows. */
export type FormLinks = ShellContent['links'];

/**
 * The text of a message the schema or the server names by its key (`errorRequired`); a key the
 * dictionary lacks is shown as it is, so a message is never lost.
 */
export function messageText(strings: FormStrings, key: string | undefined): string | undefined {
  return key && key in strings ? strings[key as MessageKey]() : key;
}
