import type { HumanCheckAction } from '../../lib/humanCheck.ts';
import { deriveAltchaKey, hexToBytes, isSolvable, type AltchaParameters } from './altchaKey.ts';

/**
 * A small ALTCHA v2 solver instead of the altcha widget: the form page has a 110 KB
 * JavaScript budget and needs no widget UI. It solves the PBKDF2 challenges our server
 * issues (src/server/humanCheck/altcha.ts) and answers in the widget's token format.
 */
interface AltchaChallenge {
  parameters: AltchaParameters;
  signature: string;
}

// Attempts in flight together use the browser's crypto threads; a pause between batches
// lets the page handle input while the solver works.
const batchSize = 4;
const yieldEveryMs = 50;
const giveUpAfterMs = 60_000;

async function fetchChallenge(url: string): Promise<AltchaChallenge> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok)
    throw new Error(`The human-check challenge could not be fetched (HTTP ${response.status}).`);
  const challenge = (await response.json()) as Partial<AltchaChallenge> | null;
  if (typeof challenge?.signature !== 'string' || !isSolvable(challenge.parameters)) {
    throw new Error('The human-check challenge is not one this page can solve.');
  }
  return challenge as AltchaChallenge;
}

/** Fetches a challenge for `action` from the site, solves it, and returns the token to send. */
export async function solveAltcha(challengeUrl: string, action: HumanCheckAction): Promise<string> {
  const separator = challengeUrl.includes('?') ? '&' : '?';
  const challenge = await fetchChallenge(`${challengeUrl}${separator}action=${encodeURIComponent(action)}`);
  const p = challenge.parameters;
  const [nonce, salt] = [hexToBytes(p.nonce), hexToBytes(p.salt)];
  const start = performance.now();
  let lastYield = start;
  for (let counter = 0; performance.now() - start < giveUpAfterMs; counter += batchSize) {
    const keys = await Promise.all(
      Array.from({ length: batchSize }, (_, i) => deriveAltchaKey(p, nonce, salt, counter + i)),
    );
    const found = keys.findIndex((key) => key.startsWith(p.keyPrefix));
    if (found >= 0) {
      const solution = {
        counter: counter + found,
        derivedKey: keys[found],
        time: Math.round(performance.now() - start),
      };
      // The parameters go back as received (with expiry and action): the server's signature covers them all.
      return btoa(JSON.stringify({ challenge, solution }));
    }
    if (performance.now() - lastYield > yieldEveryMs) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      lastYield = performance.now();
    }
  }
  throw new Error('The human-check challenge was not solved in time.');
}
