import type cs from '../../i18n/cs/index.ts';

/** The success screen's texts: the `success` group of the page's dictionary. */
export type SuccessStrings = { [K in keyof typeof cs.success]: string };

/** The carrier's pages the screen links to, in the page's language. */
export interface SuccessLinks {
  returnOrdering: string;
  howToPack: string;
  home: string;
}
