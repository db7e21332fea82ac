import type { PostedFormState } from '../../lib/senderForm.ts';
import type { FormStrings } from './strings.ts';

/** Why the site asked the sender to wait: a rate limit (429), or a moment without its shared store (503). */
export type WaitReason = 'tooManyRequests' | 'storeUnavailable';

export type Wait = { reason: WaitReason; seconds: number } | undefined;

/** The wait a form the server sent back asks for (a 429 or a 503 of the plain post), if any. */
export function postedWait(posted: PostedFormState | undefined): Wait {
  const reason = posted?.notice;
  if (
    (reason !== 'tooManyRequests' && reason !== 'storeUnavailable') ||
    posted?.retryAfterSeconds === undefined
  )
    return undefined;
  return { reason, seconds: posted.retryAfterSeconds };
}

/**
 * The message of a 429 or a 503 storeUnavailable in the sender's words: what happened and when
 * to try again, from the site's Retry-After. Whole minutes (rounded up) from a minute on,
 * seconds below; the plural form is the dictionary's (Czech: 1 minutu, 2–4 minuty, 5 and more minut).
 */
export function waitMessage(strings: FormStrings, reason: WaitReason, retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds >= 60
      ? strings.waitMinutes({ count: Math.ceil(retryAfterSeconds / 60) })
      : strings.waitSeconds({ count: Math.max(1, retryAfterSeconds) });
  return reason === 'tooManyRequests'
    ? strings.tooManyAttempts({ wait })
    : strings.storeUnavailable({ wait });
}
