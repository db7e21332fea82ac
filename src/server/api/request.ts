import { cultures, type Culture } from '../../lib/locales.ts';

/** The sender's culture from the Accept-Language the island sends: en-US for English, cs-CZ otherwise. */
export function cultureOf(request: Request): Culture {
  return /^\s*en\b/i.test(request.headers.get('accept-language') ?? '') ? cultures.en : cultures.cs;
}

const bearerPattern = /^Bearer ([A-Za-z0-9._~+/-]{1,4096}=*)$/;

/** The session's bearer token the browser passed (spec §6), if it is well formed. */
export function bearerOf(request: Request): string | undefined {
  return bearerPattern.exec(request.headers.get('authorization') ?? '')?.[1];
}

/** The client's address for rate limits: the socket's, or the first forwarded one behind a trusted proxy. */
export function clientOf(request: Request, socketAddress: string, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  return socketAddress;
}

/** Reads a JSON body of at most `limit` bytes. Undefined: too large; SyntaxError: not JSON. */
export async function readJsonBody(
  request: Request,
  limit: number,
): Promise<{ tooLarge: true } | { value: unknown }> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) return { tooLarge: true };
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
    size += part.value.length;
    if (size > limit) {
      await reader?.cancel();
      return { tooLarge: true };
    }
    chunks.push(part.value);
  }
  return { value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
}
