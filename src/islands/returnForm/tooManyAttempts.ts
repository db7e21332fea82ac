import type { Culture } from '../../lib/locales.ts';
import { fill, type FormStrings } from './strings.ts';

type Unit = 'Minutes' | 'Seconds';
type Form = 'One' | 'Few' | 'Other';

/**
 * The message of a 429 in the sender's words: what happened and when to try again, from the
 * site's Retry-After. Whole minutes (rounded up) from a minute on, seconds below; the plural
 * form follows the culture (Czech: 1 minutu, 2–4 minuty, 5 and more minut).
 */
export function tooManyAttemptsMessage(
  strings: FormStrings,
  culture: Culture,
  retryAfterSeconds: number,
): string {
  const unit: Unit = retryAfterSeconds >= 60 ? 'Minutes' : 'Seconds';
  const count = unit === 'Minutes' ? Math.ceil(retryAfterSeconds / 60) : Math.max(1, retryAfterSeconds);
  const category = new Intl.PluralRules(culture).select(count);
  const form: Form = category === 'one' ? 'One' : category === 'few' ? 'Few' : 'Other';
  const wait = fill(strings[`wait${unit}${form}`], { count });
  return fill(strings.tooManyAttempts, { wait });
}
