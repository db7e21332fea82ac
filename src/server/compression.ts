import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pageCsp, withOwnScriptHashes } from '../../host/securityHeaders.ts';

export type Encoding = 'br' | 'gzip';

/** The encoding to answer with, from an Accept-Encoding header: brotli before gzip, none refused with q=0. */
export function preferredEncoding(acceptEncoding: string): Encoding | undefined {
  const accepted = acceptEncoding
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => q?.trim() !== 'q=0')
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

/**
 * A page made for one request, compressed now: quick settings, since it is compressed for every
 * request (the build compresses its own files at the highest).
 */
export function compressNow(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(body, { level: 6 });
}

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
