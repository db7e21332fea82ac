import { pageCsp, withOwnScriptHashes } from '../../host/securityHeaders.ts';
import { compressNow, preferredEncoding } from './compression.ts';

/**
 * A page rendered on demand, finished as the site server finishes its files: its policy allows
 * exactly the page's own inline scripts and forbids framing (host/securityHeaders.ts), and it
 * is compressed for the request that asked for it. Anything but HTML passes as it is.
 */
export async function finishedPage(request: Request, response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || response.headers.has('content-encoding') || !type.startsWith('text/html'))
    return response;
  const html = Buffer.from(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  const csp = headers.get('content-security-policy');
  if (csp) headers.set('Content-Security-Policy', pageCsp(withOwnScriptHashes(csp, html.toString('utf8'))));
  headers.append('Vary', 'Accept-Encoding');
  const encoding = preferredEncoding(request.headers.get('accept-encoding') ?? '');
  const body = encoding ? compressNow(html, encoding) : html;
  if (encoding) headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(body.length));
  return new Response(new Uint8Array(body), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
