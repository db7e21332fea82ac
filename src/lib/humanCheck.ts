/**
 * The human check's vocabulary, shared by the browser (which asks for a token per action)
 * and the site's endpoints (which verify it). Spec §7 names the two actions.
 */
export const humanCheckActions = ['createDormant', 'downloadLabel'] as const;
export type HumanCheckAction = (typeof humanCheckActions)[number];

/**
 * Stable codes an endpoint answers with when a check fails. The island shows no message of its
 * own for them: a refused submission goes to the error page, a refused download to its retry note.
 */
export const humanCheckErrorCodes = [
  'humanCheckMissing',
  'humanCheckInvalid',
  'humanCheckExpired',
  'humanCheckReused',
  'humanCheckUnavailable',
] as const;
export type HumanCheckErrorCode = (typeof humanCheckErrorCodes)[number];

/** Whether a value from a query string or a body names one of the two actions. */
export function isHumanCheckAction(value: unknown): value is HumanCheckAction {
  return humanCheckActions.includes(value as HumanCheckAction);
}
