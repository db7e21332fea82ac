import { atom } from 'nanostores';
import type { Culture } from '../../lib/locales.ts';

/**
 * The page's culture (spec §3 "main"): set once by the island from the page it hydrates on;
 * API calls send it as Accept-Language.
 */
export const $culture = atom<Culture>('cs-CZ');

/** Replaces the culture. */
export function setCulture(culture: Culture): void {
  $culture.set(culture);
}
