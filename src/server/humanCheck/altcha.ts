import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { altchaAlgorithm, parseAltchaToken } from './altchaToken.ts';
import { createUsedTokens } from './usedTokens.ts';
import { refuse, type HumanCheck, type HumanCheckResult } from './types.ts';

/**
 * PBKDF2 because browsers run it natively, one `crypto.subtle.deriveBits` call per attempt.
 * The server picks the answer (`counter`) and signs the key prefix it yields, so the work
 * is bounded: a solver makes `minCounter` to `maxCounter` attempts of `cost` iterations,
 * 50 to 150 ms in Node on a two-core server (median 0.1 s), so roughly 0.2 to 1 s on a phone.
 */
export const altchaDifficulty = {
  algorithm: altchaAlgorithm,
  cost: 5_000,
  minCounter: 100,
  maxCounter: 300,
} as const;
const lifetimeSeconds = 600;

/** The self-hosted proof-of-work check: signed, expiring, action-bound, single-use challenges. */
export function createAltchaCheck(options: {
  hmacKey: string;
  replayCapacity: number;
  now: () => number;
}): HumanCheck {
  const { hmacKey, now } = options;
  const used = createUsedTokens(options.replayCapacity);
  const expired = () => refuse('humanCheckExpired', 'The ALTCHA challenge has expired.');

  return {
    provider: 'altcha',
    challenge: (action) =>
      createChallenge({
        algorithm: altchaDifficulty.algorithm,
        cost: altchaDifficulty.cost,
        counter: randomInt(altchaDifficulty.maxCounter, altchaDifficulty.minCounter),
        deriveKey,
        // Both are signed: the browser can neither extend the expiry nor swap the action.
        data: { action },
        expiresAt: Math.floor(now() / 1000) + lifetimeSeconds,
        hmacSignatureSecret: hmacKey,
      }),

    async verify(token, action): Promise<HumanCheckResult> {
      if (typeof token !== 'string' || token === '')
        return refuse('humanCheckMissing', 'No ALTCHA token was sent.');
      const payload = parseAltchaToken(token);
      if (!payload) return refuse('humanCheckInvalid', 'The token is not an ALTCHA payload.');
      const { challenge, solution } = payload;
      try {
        // altcha-lib reads the expiry before the signature: a forged past expiry is refused as expired.
        const result = await verifySolution({
          challenge,
          solution,
          deriveKey,
          hmacSignatureSecret: hmacKey,
        });
        if (result.expired) return expired();
        if (!result.verified)
          return refuse('humanCheckInvalid', result.invalidSignature ? 'Bad signature.' : 'Wrong solution.');
      } catch {
        return refuse('humanCheckInvalid', 'The ALTCHA token could not be verified.');
      }
      if (challenge.parameters.data.action !== action)
        return refuse('humanCheckInvalid', `Not solved for ${action}.`);
      // Our clock decides, not altcha-lib's: it is the one the challenge was stamped with.
      const expiresAtMs = challenge.parameters.expiresAt * 1000;
      if (expiresAtMs <= now()) return expired();
      const claim = used.claim(challenge.signature, expiresAtMs, now());
      if (claim === 'reused') return refuse('humanCheckReused', 'The ALTCHA token was already used.');
      if (claim === 'full')
        return refuse('humanCheckUnavailable', 'Too many live ALTCHA tokens to remember.');
      return { ok: true };
    },
  };
}
