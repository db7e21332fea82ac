import type { TranslationFunctions } from '../../i18n/i18n-types.ts';

/** The success screen's texts: the `success` group of the island's language. */
export type SuccessStrings = TranslationFunctions['success'];

/** The carrier's pages the screen links to, in the page's language. */
export interface SuccessLinks {
  returnOrdering: string;
  howToPack: string;
  home: string;
  /** The carrier's tracking page, for a carrier that gives no events of a return. */
  tracking: string;
  /** The spec's maps of pick-up points, at home and abroad, where no nearest places can be shown. */
  mapHome: string;
  mapAbroad: string;
}
