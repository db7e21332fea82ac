import { randomBytes } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { altchaAlgorithm, parseAltchaToken } from './altchaToken.ts';
import type { SharedUsedTokens } from './sharedUsedTokens.ts';
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

/**
 * The self-hosted proof-of-work check: signed, expiring, action-bound, single-use challenges.
 * Spent tokens are remembered in this process or, when `shared` is given, in the shared store
 * for every instance. Without it, a process accepts only the challenges it issued itself (its
 * random id is signed into each), so neither a restart nor a second instance with the same key
 * can accept a token again; several instances behind one balancer therefore need the store.
 */
export function createAltchaCheck(options: {
  hmacKey: string;
  replayCapacity: number;
  now: () => number;
  shared?: SharedUsedTokens | undefined;
}): HumanCheck {
  const { hmacKey, now, shared } = options;
  const used = createUsedTokens(options.replayCapacity);
  const instance = randomBytes(8).toString('hex');
  const expired = () => refuse('humanCheckExpired', 'The ALTCHA challenge has expired.');
  const reused = () => refuse('humanCheckReused', 'The ALTCHA token was already used.');
  const notOurs = () =>
    refuse('humanCheckExpired', 'The ALTCHA challenge was issued by another site process.');

  return {
    provider: 'altcha',
    challenge: (action) =>
      createChallenge({
        algorithm: altchaDifficulty.algorithm,
        cost: altchaDifficulty.cost,
        counter: randomInt(altchaDifficulty.maxCounter, altchaDifficulty.minCounter),
        deriveKey,
        // All signed: the browser can neither extend the expiry nor swap the action or the issuer.
        data: { action, instance },
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
      const ownChallenge = challenge.parameters.data['instance'] === instance;
      const claimLocally = () => {
        const local = used.claim(challenge.signature, expiresAtMs, now());
        if (local === 'reused') return reused();
        if (local === 'full')
          return refuse('humanCheckUnavailable', 'Too many live ALTCHA tokens to remember.');
        return undefined;
      };
      // Issued before a restart or by another instance: this process cannot know whether it was spent.
      if (!shared) return ownChallenge ? (claimLocally() ?? { ok: true }) : notOurs();
      const remote = await shared.claim(challenge.signature, expiresAtMs);
      if (remote === 'reused') return reused();
      if (remote === 'claimed') {
        // Remembered here too, so that this process refuses it even while the store is down.
        used.claim(challenge.signature, expiresAtMs, now());
        return { ok: true };
      }
      // The shared store does not answer (decision 026). A creation is refused rather than trust
      // this process's memory, which other instances do not see. A label download of a challenge
      // this process issued may go on: no other instance accepts it meanwhile, since none issued
      // it, and the spend is written to the store before the store counts as up again.
      if (action !== 'downloadLabel' || !ownChallenge)
        return { ok: false, code: 'storeUnavailable', detail: 'The shared store does not answer.' };
      const refused = claimLocally();
      if (refused) return refused;
      await shared.claimLater(challenge.signature, expiresAtMs);
      return { ok: true };
    },
  };
}
