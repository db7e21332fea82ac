import { z } from 'zod';

/** The one algorithm our challenges use; the solver in src/islands/humanCheck/altcha.ts speaks it. */
export const altchaAlgorithm = 'PBKDF2/SHA-256';
// Our tokens are about 600 characters; anything far longer is refused unread.
const maxTokenLength = 2048;

const hex = z.string().regex(/^[0-9a-f]{2,128}$/);
// Parameters stay loose: the signature is checked over exactly what the browser sent back.
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(altchaAlgorithm),
      nonce: hex,
      salt: hex,
      keyPrefix: hex,
      cost: z.number(),
      keyLength: z.number(),
      expiresAt: z.number(),
      data: z
        .object({ action: z.string() })
        .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()])),
    }),
    signature: hex,
  }),
  solution: z.object({ counter: z.number(), derivedKey: hex }),
});

export type AltchaPayload = z.infer<typeof payloadSchema>;

/**
 * The payload inside a token (base64 JSON, as the ALTCHA widget and our solver send it),
 * or undefined for anything else: bad base64, bad JSON, a wrong shape, a huge string.
 */
export function parseAltchaToken(token: string): AltchaPayload | undefined {
  if (token.length > maxTokenLength || !/^[A-Za-z0-9+/]+={0,2}$/.test(token)) return undefined;
  try {
    return payloadSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8'))).data;
  } catch {
    return undefined;
  }
}
