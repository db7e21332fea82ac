import memoryProvider, { type MemoryCacheProviderOptions } from 'astro/cache/memory';
import type { CacheProvider, CacheProviderFactory } from 'astro';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { localeFromLng } from '../../lib/locales.ts';
import { brotliParams, chosenEncoding, compressible, type Encoding } from '../encodings.ts';
import { opensNewAttempt } from '../middleware/routes.ts';

/**
 * The route cache (decision 037): Astro's memory provider, which keeps a page for its max-age by
 * its path and the parameters pages read (decision 033), and around it:
 *
 * - `encode` (the Node target): a page about to be kept is compressed once, in the encoding the
 *   request prefers, and kept so, with `Vary: Accept-Encoding`; the memory provider then keeps
 *   one entry per encoding (the request reaches it with its `Accept-Encoding` reduced to the one
 *   chosen, so a browser's spelling of the header makes no entry of its own). A hit costs what a
 *   plain hit costs; the Node server's compression leaves an encoded answer alone. The edge
 *   keeps pages plain: Cloudflare compresses what it sends.
 * - A link's form asked without an attempt, and a made-up `lng`, pass by the cache (decision 035).
 * - A kept answer says so the way HTTP caches do: `Date` when it was made and `Age` on each
 *   answer from the cache, so a CDN in front counts its max-age from the render, not from its
 *   own fetch. The memory provider's `X-Astro-Cache` (HIT, MISS: whether a link was asked in the
 *   last minute) never leaves the server.
 */
export interface KeptEncodedOptions extends MemoryCacheProviderOptions {
  encode?: boolean;
}

const compress: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, { params: brotliParams }),
  gzip: (body) => promisify(gzip)(body),
};

/** Whether an answer is one the memory provider keeps: the page said how long (decision 028). */
function kept(response: Response): boolean {
  return /max-age=[1-9]/.test(response.headers.get('CDN-Cache-Control') ?? '');
}

async function encoded(response: Response, encoding: Encoding | 'identity'): Promise<Response> {
  const headers = new Headers(response.headers);
  const vary = headers.get('Vary');
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const plain =
    encoding === 'identity' || !compressible(headers.get('Content-Type')) || headers.has('Content-Encoding');
  if (plain || !response.body)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  const body = await compress[encoding](Buffer.from(await response.arrayBuffer()));
  headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(body.byteLength));
  return new Response(new Uint8Array(body), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

const keptEncoded: CacheProviderFactory<KeptEncodedOptions> = (config) => {
  const { encode = false, ...memoryOptions } = config ?? {};
  const memory = memoryProvider(memoryOptions);
  const answerKept = memory.onRequest?.bind(memory);
  if (!answerKept) throw new Error('Astro’s memory cache provider has no onRequest.');
  return {
    name: 'kept-encoded',
    invalidate: (options) => memory.invalidate(options),
    async onRequest(context, next) {
      // A link's form asked without an attempt goes to the middleware, which sends the browser to
      // the same address with a fresh one (decision 035): the kept form page, whose key ignores the
      // attempt, would otherwise answer it and the visit would have none. A `lng` that names no
      // language is rendered, never kept: made-up values would push real pages out.
      const { url } = context;
      const lng = url.searchParams.get('lng');
      if ((lng !== null && !localeFromLng(lng)) || opensNewAttempt(url, context.request.method))
        return next();
      const get = context.request.method === 'GET';
      let request = context.request;
      let encoding: Encoding | 'identity' = 'identity';
      if (encode && get) {
        encoding = chosenEncoding(request.headers.get('Accept-Encoding'));
        const headers = new Headers(request.headers);
        headers.set('Accept-Encoding', encoding);
        request = new Request(request.url, { method: 'GET', headers });
      }
      const response = await answerKept({ ...context, request }, async () => {
        const made = await next();
        if (!get || !kept(made)) return made;
        made.headers.set('Date', new Date().toUTCString());
        return encode ? encoded(made, encoding) : made;
      });
      const state = response.headers.get('X-Astro-Cache');
      response.headers.delete('X-Astro-Cache');
      const date = Date.parse(response.headers.get('Date') ?? '');
      if ((state === 'HIT' || state === 'STALE') && !Number.isNaN(date))
        response.headers.set('Age', String(Math.max(0, Math.floor((Date.now() - date) / 1000))));
      return response;
    },
  } satisfies CacheProvider;
};

export default keptEncoded;
