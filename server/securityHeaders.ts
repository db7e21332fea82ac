import type { ServerResponse } from 'node:http';

/** Headers every response carries, pages, assets and API answers alike. */
const common: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  // The return link carries its token in the query: it must not leak to other sites.
  'Referrer-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

/** Used where the build gave no page policy: API answers and files that are not pages. */
export const fallbackCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Sets the common headers and a CSP that always forbids framing. */
export function applySecurityHeaders(res: ServerResponse, pageCsp?: string): void {
  for (const [name, value] of Object.entries(common)) res.setHeader(name, value);
  res.setHeader(
    'Content-Security-Policy',
    pageCsp ? `${pageCsp.trim().replace(/;?$/, ';')} frame-ancestors 'none'` : fallbackCsp,
  );
}
