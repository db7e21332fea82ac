import { z } from 'zod';
import { refuse, type HumanCheck, type HumanCheckResult } from './types.ts';
import { withTimeout } from '../withTimeout.ts';

const siteverifyUrl = 'https://www.google.com/recaptcha/api/siteverify';
// Real v3 tokens run to about 2 KB; a longer one is not worth a call to Google.
const maxTokenLength = 8192;

const answerSchema = z.object({
  success: z.boolean(),
  action: z.string().optional(),
  score: z.number().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/** reCAPTCHA v3 verified with Google's siteverify: right action, score at least `minScore`. */
export function createRecaptchaCheck(options: {
  secret: string;
  minScore: number;
  timeoutMs: number;
  fetch: typeof fetch;
}): HumanCheck {
  // Called unbound: a platform fetch may refuse another `this`.
  const { secret, minScore, timeoutMs, fetch: post } = options;

  const siteverify = (body: URLSearchParams) =>
    withTimeout(timeoutMs, async (signal) => {
      const response = await post(siteverifyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
        signal,
      });
      if (!response.ok) throw new Error(`siteverify answered HTTP ${response.status}`);
      return (await response.json()) as unknown;
    });

  return {
    provider: 'recaptcha',
    challenge: () => Promise.resolve(null),

    async verify(token, action, remoteIp): Promise<HumanCheckResult> {
      if (typeof token !== 'string' || token === '')
        return refuse('humanCheckMissing', 'No reCAPTCHA token was sent.');
      if (token.length > maxTokenLength)
        return refuse('humanCheckInvalid', 'The reCAPTCHA token is too long.');
      const body = new URLSearchParams({ secret, response: token });
      if (remoteIp) body.set('remoteip', remoteIp);
      let answer: unknown;
      try {
        answer = await siteverify(body);
      } catch (error) {
        return refuse('humanCheckUnavailable', `siteverify failed: ${(error as Error).message}`);
      }
      const parsed = answerSchema.safeParse(answer);
      if (!parsed.success) return refuse('humanCheckUnavailable', 'siteverify answered in an unknown shape.');
      const { success, score } = parsed.data;
      const errors = parsed.data['error-codes'] ?? [];
      if (!success) {
        // Google does not tell an old token from a reused one; either way the browser needs a fresh one.
        if (errors.includes('timeout-or-duplicate'))
          return refuse('humanCheckExpired', 'The token is old or was used.');
        // A bad secret is our misconfiguration, not the sender's fault.
        if (errors.some((code) => code.includes('secret')))
          return refuse('humanCheckUnavailable', errors.join(', '));
        return refuse(
          'humanCheckInvalid',
          `siteverify refused the token: ${errors.join(', ') || 'no reason given'}.`,
        );
      }
      if (parsed.data.action !== action)
        return refuse('humanCheckInvalid', `The token was not made for ${action}.`);
      if (score === undefined || score < minScore)
        return refuse('humanCheckInvalid', `Score ${score ?? 'missing'} is below ${minScore}.`);
      return { ok: true };
    },
  };
}
