import type { HumanCheckAction, HumanCheckErrorCode } from '../../lib/humanCheck.ts';
import type { SharedUsedTokens } from './sharedUsedTokens.ts';

export type { HumanCheckAction } from '../../lib/humanCheck.ts';

export type HumanCheckResult =
  | { ok: true }
  | { ok: false; code: HumanCheckErrorCode; detail: string }
  /** The token would have to be spent in the shared store, which does not answer: try again shortly. */
  | { ok: false; code: 'storeUnavailable'; detail: string };

export interface HumanCheck {
  readonly provider: 'altcha' | 'recaptcha';
  /** Never throws: a bad token, a replay or an unreachable provider is a result. */
  verify(
    token: string | null | undefined,
    action: HumanCheckAction,
    remoteIp?: string,
  ): Promise<HumanCheckResult>;
  /** ALTCHA: a fresh signed challenge bound to `action` (JSON-serialisable); reCAPTCHA: null. */
  challenge(action: HumanCheckAction): Promise<unknown>;
}

export interface HumanCheckConfig {
  provider: 'altcha' | 'recaptcha';
  /** Required for altcha: signs challenges, so the browser cannot make them easier or longer-lived. */
  altchaHmacKey?: string;
  /** How many solved challenges are remembered against replay; at the cap new ones are refused. */
  altchaReplayCapacity?: number;
  /** Spent ALTCHA tokens shared by every instance (Redis); without it each process accepts only its own challenges. */
  altchaSharedTokens?: SharedUsedTokens | undefined;
  /** Required for recaptcha. */
  recaptchaSecret?: string;
  recaptchaMinScore?: number;
  recaptchaTimeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/** A refusal with its stable code and a detail for the log (never shown to a user). */
export function refuse(code: HumanCheckErrorCode, detail: string): HumanCheckResult {
  return { ok: false, code, detail };
}
