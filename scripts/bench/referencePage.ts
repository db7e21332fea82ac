import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The yardstick for Lighthouse: the form page of a link as the site renders it, with its
 * JavaScript taken out (every `<script>`, module preload and the astro-island wrappers; the
 * server-rendered markup and the inline CSS stay), served from a tiny server of its own with
 * brotli, as a CDN would.
 */
export function zeroJsMarkup(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, '')
    .replace(/<\/?astro-island\b[^>]*>/g, '');
}

/** Serves the zero-JS copy of `formHtml` at /returns and the build's icon at its own (anything else is a 404); resolves with its URL and a stop. */
export async function startReferenceServer(
  formHtml: string,
  iconFile = 'dist/client/favicon.svg',
): Promise<{ url: string; stop: () => Promise<void> }> {
  const page = Buffer.from(zeroJsMarkup(formHtml));
  const files = {
    page: { type: 'text/html; charset=utf-8', body: page, cache: 'no-cache' },
    icon: { type: 'image/svg+xml', body: readFileSync(iconFile), cache: 'public, max-age=3600' },
  };
  const compressed = Object.fromEntries(
    Object.entries(files).map(([name, file]) => [
      name,
      {
        br: brotliCompressSync(file.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(file.body, { level: 9 }),
      },
    ]),
  );
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://reference.invalid').pathname;
    const name = path === '/favicon.svg' ? 'icon' : path === '/returns' ? 'page' : undefined;
    if (!name) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    const file = files[name];
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    const body = encoding ? compressed[name]?.[encoding] : file.body;
    res.writeHead(200, {
      'Content-Type': file.type,
      'Cache-Control': file.cache,
      Vary: 'Accept-Encoding',
      'Content-Length': String(body?.length ?? 0),
      ...(encoding && { 'Content-Encoding': encoding }),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
