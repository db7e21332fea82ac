import { scriptHash } from '../lib/scriptHash.ts';

/**
 * The security headers, in one table: the middleware sets them on every answer Astro gives
 * (src/middleware.ts), the Node server on the static files it sends (scripts/serve.ts), and the
 * edge build writes them into `_headers` for its static assets.
 */
export const commonHeaders: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  // The return link carries its token in the query: it must not leak to other sites.
  'Referrer-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  // No Cross-Origin-Opener-Policy: on a phone it cost each page a renderer switch worth more main-thread
  // time than the page itself, for little this site needs (decision 022).
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

/** Used where the build gave no page policy: API answers and files that are not pages. */
export const fallbackCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The headers of anything that is no page: the common ones and the policy that allows nothing. */
export const fileHeaders: Readonly<Record<string, string>> = {
  ...commonHeaders,
  'Content-Security-Policy': fallbackCsp,
};

/** A page's policy from the build, which never lets another site frame the page. */
export function pageCsp(csp: string): string {
  return `${csp.trim().replace(/;?$/, ';')} frame-ancestors 'none'`;
}

/** An inline `<script>` (one without `src`) and its text, up to the first `</script>`, as HTML reads it. */
const inlineScript = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/dgi;
const utf8 = new TextDecoder();

/**
 * The text of each inline script of a page, found in its bytes. Read as Latin-1 (one character per
 * byte, a string the page's size), a match's offsets are the bytes': each script's own bytes are
 * decoded as UTF-8, where decoding the 56 KB page whole made a string of twice its size.
 */
function* inlineScripts(page: Uint8Array): Generator<string> {
  const bytes = Buffer.from(page.buffer, page.byteOffset, page.byteLength);
  for (const match of bytes.toString('latin1').matchAll(inlineScript)) {
    const [from, to] = match.indices?.[1] ?? [0, 0];
    yield utf8.decode(page.subarray(from, to));
  }
}

/**
 * The inline scripts of pages are the build's own (the island runtime and its directives), the same
 * few on every page: each is hashed once. The memo is bounded, so a page that held scripts of its own
 * could not grow it.
 */
const knownHashes = new Map<string, string>();
function hashOf(script: string): string {
  let hash = knownHashes.get(script);
  if (hash === undefined) {
    hash = scriptHash(script);
    if (knownHashes.size < 32) knownHashes.set(script, hash);
  }
  return hash;
}

/**
 * A page's policy from the build with only the script hashes of the inline scripts that page
 * holds. The build lists every hash it knows on every page (its island runtime and each client
 * directive, on shell pages without a script too); a page allows exactly its own.
 */
export function withOwnScriptHashes(csp: string, page: Uint8Array): string {
  const own = new Set(Array.from(inlineScripts(page), (script) => `'${hashOf(script)}'`));
  return csp
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name !== 'script-src') return directive;
      const kept = sources.filter((source) => !source.startsWith("'sha256-") || own.has(source));
      return ` ${[name, ...(kept.length > 0 ? kept : ["'none'"])].join(' ')}`;
    })
    .join(';');
}
