import type { Culture } from '../../lib/locales.ts';
import { fill, type FormStrings } from './strings.ts';

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
  const minutes = retryAfterSeconds >= 60;
  const count = minutes ? Math.ceil(retryAfterSeconds / 60) : Math.max(1, retryAfterSeconds);
  const texts = minutes
    ? { one: strings.waitMinutesOne, few: strings.waitMinutesFew, other: strings.waitMinutesOther }
    : { one: strings.waitSecondsOne, few: strings.waitSecondsFew, other: strings.waitSecondsOther };
  const category = new Intl.PluralRules(culture).select(count);
  const wait = fill(category === 'one' || category === 'few' ? texts[category] : texts.other, { count });
  return fill(strings.tooManyAttempts, { wait });
}
