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

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const scriptOpen = ascii('<script');
const scriptClose = ascii('</script>');
const text = new TextDecoder();

/** Whether `word` (lower-case ASCII) is at `at`, its letters in either case. */
function wordAt(bytes: Uint8Array, at: number, word: Uint8Array): boolean {
  if (at + word.length > bytes.length) return false;
  for (let i = 0; i < word.length; i += 1) {
    const byte = bytes[at + i] ?? 0;
    const upper = byte >= 0x41 && byte <= 0x5a;
    if (byte !== word[i] && !(upper && byte + 0x20 === word[i])) return false;
  }
  return true;
}

/** A letter, digit or `_`: what would make `<scripts` another tag than `<script`. */
const isWordByte = (byte = 0) =>
  (byte >= 0x30 && byte <= 0x39) ||
  (byte >= 0x41 && byte <= 0x5a) ||
  (byte >= 0x61 && byte <= 0x7a) ||
  byte === 0x5f;

/**
 * The text of each inline `<script>` (one without `src`) of a page, found in its bytes: the page
 * (56 KB for the form) is never decoded whole, only its few scripts' tags and bodies are.
 */
function* inlineScripts(page: Uint8Array): Generator<string> {
  for (let at = page.indexOf(0x3c); at !== -1; at = page.indexOf(0x3c, at + 1)) {
    if (!wordAt(page, at, scriptOpen) || isWordByte(page[at + scriptOpen.length])) continue;
    const tagEnd = page.indexOf(0x3e, at);
    if (tagEnd === -1) return;
    let close = page.indexOf(0x3c, tagEnd);
    while (close !== -1 && !wordAt(page, close, scriptClose)) close = page.indexOf(0x3c, close + 1);
    if (close === -1) return;
    const tag = text.decode(page.subarray(at, tagEnd));
    if (!/\bsrc\s*=/i.test(tag)) yield text.decode(page.subarray(tagEnd + 1, close));
    at = close + scriptClose.length - 1;
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
