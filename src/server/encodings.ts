import Negotiator from 'negotiator';
import { constants } from 'node:zlib';

/**
 * How the Node target compresses what it computes per answer: the pages the route cache keeps
 * (once per kept entry, src/server/cache/keptEncoded.ts) and what is rendered for one request
 * (src/server/node/httpServer.ts). Brotli 5, not 4: the form page then arrives in the first round
 * trip (13.5 KB against 14.4 KB, past the 14.6 KB a connection's first flight carries; Lighthouse's
 * first paint moved by a whole round trip), for the same millisecond of work. A window of 256 KB
 * holds any page whole; the default 4 MB only costs memory. gzip at zlib's default level.
 * The build's files are compressed once, at the highest levels (src/server/node/precompress.ts).
 */
export const brotliParams = { [constants.BROTLI_PARAM_LGWIN]: 18, [constants.BROTLI_PARAM_QUALITY]: 5 };

/** The encodings the site answers in, the one it prefers first. */
export const encodings = ['br', 'gzip'] as const;
export type Encoding = (typeof encodings)[number];

/** Media types worth compressing: text, and the structured formats written as text. */
export function compressible(contentType: string | null): boolean {
  return (
    contentType !== null &&
    /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/.test(contentType)
  );
}

/** negotiator 1.x takes the server's order for equal weights; its published types are 0.6's. */
type Negotiating = { encoding(available: string[], options: { preferred: string[] }): string | undefined };

/**
 * The encoding a request prefers among `offered` (the site's by default), brotli at equal weight,
 * or identity; `q=0` refuses one. A kept page and a build's file are answered by the same choice.
 */
export function chosenEncoding(
  acceptEncoding: string | null | undefined,
  offered: readonly Encoding[] = encodings,
): Encoding | 'identity' {
  const request = { headers: { 'accept-encoding': acceptEncoding ?? undefined } };
  const negotiator = new Negotiator(request) as unknown as Negotiating;
  const available = [...offered, 'identity'];
  const chosen = negotiator.encoding(available, { preferred: available });
  return offered.find((encoding) => encoding === chosen) ?? 'identity';
}
