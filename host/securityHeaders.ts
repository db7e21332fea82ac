import type { ServerResponse } from 'node:http';
import { scriptHash } from '../src/lib/scriptHash.ts';

/** Headers every response carries, pages, assets and API answers alike. */
const common: Record<string, string> = {
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

/** A page's policy from the build, which never lets another site frame the page. */
export function pageCsp(csp: string): string {
  return `${csp.trim().replace(/;?$/, ';')} frame-ancestors 'none'`;
}

/** Sets the common headers and a CSP that always forbids framing. */
export function applySecurityHeaders(res: ServerResponse, csp?: string): void {
  for (const [name, value] of Object.entries(common)) res.setHeader(name, value);
  res.setHeader('Content-Security-Policy', csp ? pageCsp(csp) : fallbackCsp);
}

const inlineScripts = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * A page's policy from the build with only the script hashes of the inline scripts that page
 * holds. The build lists every hash it knows on every page (its island runtime and each client
 * directive, on shell pages without a script too); a page allows exactly its own.
 */
export function withOwnScriptHashes(csp: string, html: string): string {
  const own = new Set(Array.from(html.matchAll(inlineScripts), (match) => `'${scriptHash(match[1] ?? '')}'`));
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
