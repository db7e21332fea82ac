import type { FormStrings } from './strings.ts';

/**
 * The message of a 429 in the sender's words: what happened and when to try again, from the
 * site's Retry-After. Whole minutes (rounded up) from a minute on, seconds below; the plural
 * form is the dictionary's (Czech: 1 minutu, 2–4 minuty, 5 and more minut).
 */
export function tooManyAttemptsMessage(strings: FormStrings, retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds >= 60
      ? strings.waitMinutes({ count: Math.ceil(retryAfterSeconds / 60) })
      : strings.waitSeconds({ count: Math.max(1, retryAfterSeconds) });
  return strings.tooManyAttempts({ wait });
}
