import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import type { Encoding } from '../encodings.ts';

/**
 * The build's files compressed once, at the highest levels (brotli 11, gzip 9), beside each file
 * in dist/client (`x.js.br`, `x.js.gz`): the Node server sends them as they are
 * (src/server/node/httpServer.ts), so nothing immutable is compressed per request. A file whose
 * compressed form is no smaller (a PNG, a font) gets none and is sent as it is. The edge build
 * gets none: Cloudflare compresses its static assets itself.
 */
/** The suffix of the copy written beside a build's file for each encoding. */
export const writtenAs: Readonly<Record<Encoding, string>> = { br: '.br', gzip: '.gz' };

const textual = /\.(js|mjs|css|svg|json|txt|xml|html|webmanifest|ico|map)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `.br` and `.gz` beside every textual file under `dir`; returns how many files got them. */
export async function precompress(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((file) => textual.test(file));
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let written = 0;
  // One file at a time per encoding: zlib runs each in Node's thread pool, beside the build.
  for (const file of files) {
    const raw = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
        },
      }),
      gz(raw, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.byteLength < raw.byteLength) await writeFile(file + writtenAs.br, br);
    if (gzipped.byteLength < raw.byteLength) await writeFile(file + writtenAs.gzip, gzipped);
    if (br.byteLength < raw.byteLength || gzipped.byteLength < raw.byteLength) written += 1;
  }
  return written;
}

/** The integration (astro.config.mjs, Node target only). */
export function precompressedAssets(): AstroIntegration {
  return {
    name: 'precompressed-assets',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const count = await precompress(fileURLToPath(dir));
        logger.info(`${count} files compressed (br, gz) in ${(performance.now() - started).toFixed(0)} ms`);
      },
    },
  };
}
