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
