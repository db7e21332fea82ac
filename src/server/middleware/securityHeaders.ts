import type { MiddlewareHandler } from 'astro';
import { commonHeaders, fallbackCsp, pageCsp, withOwnScriptHashes } from '../securityHeaders.ts';

/** A response whose headers can be changed: Response.redirect() and fetch() give immutable ones. */
function mutable(response: Response): Response {
  try {
    response.headers.set('X-Content-Type-Options', 'nosniff');
    return response;
  } catch {
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: new Headers(response.headers),
    });
  }
}

/**
 * Every answer Astro gives leaves with the security headers once. A page's policy is the one the
 * build made for it, narrowed to the hashes of the page's own inline scripts and forbidding
 * framing; anything else gets the policy that allows nothing. The dev server's pages have no
 * policy from the build (its scripts change as code is edited) and get none; nor does the
 * content editor's own page, which keeps what the editor makes.
 */
async function withSecurityHeaders(response: Response, path: string, dev: boolean): Promise<Response> {
  const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
  const csp = response.headers.get('content-security-policy');
  if (html && csp && response.body && !path.startsWith('/keystatic')) {
    // The page is read as bytes and sent on as they are: encoding its text again cost about 100 µs
    // a page (56 KB) of a render's 5 ms (decision 044).
    const bytes = new Uint8Array(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', pageCsp(withOwnScriptHashes(csp, bytes)));
    for (const [name, value] of Object.entries(commonHeaders)) headers.set(name, value);
    return new Response(bytes, { status: response.status, statusText: response.statusText, headers });
  }
  const finished = mutable(response);
  for (const [name, value] of Object.entries(commonHeaders)) finished.headers.set(name, value);
  if (!csp && !(html && dev)) finished.headers.set('Content-Security-Policy', fallbackCsp);
  return finished;
}

/** Security headers on whatever leaves, the other middleware's refusals included. */
export function securityHeaders(dev: boolean): MiddlewareHandler {
  return async (context, next) => withSecurityHeaders(await next(), context.url.pathname, dev);
}
