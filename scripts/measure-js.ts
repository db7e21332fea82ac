/**
 * Measures the JavaScript each built page ships: inline scripts, the island and renderer
 * modules and everything they import statically ("initial"), and the chunks they load only
 * on demand ("on interaction"). Sizes are gzip (level 9) and brotli (quality 11).
 * Usage: npm run build && node scripts/measure-js.ts [--budget-kb 110]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const client = 'dist/client';
const budgetKb = Number(process.argv[process.argv.indexOf('--budget-kb') + 1]) || 110;

const size = (text: string) => ({
  gzip: gzipSync(text, { level: 9 }).length,
  brotli: brotliCompressSync(text).length,
});
const readAsset = (url: string) => readFileSync(join(client, url), 'utf8');

/** Chunks a module imports statically and the ones it imports dynamically, as site URLs. */
function importsOf(url: string): { staticUrls: string[]; dynamicUrls: string[] } {
  const code = readAsset(url);
  const resolve = (spec: string) => new URL(spec, `http://site${url}`).pathname;
  const dynamicUrls = [...code.matchAll(/import\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) =>
    resolve(m[1] ?? ''),
  );
  const staticUrls = [
    ...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]*?from\s*)?["'](\.{1,2}\/[^"']+)["']/g),
  ].map((m) => resolve(m[1] ?? ''));
  return { staticUrls, dynamicUrls };
}

/** Every module reachable from the entries by static imports, and the dynamic-only rest. */
function closure(entries: string[]): { initial: Set<string>; lazy: Set<string> } {
  const initial = new Set<string>();
  const dynamic = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const url = queue.pop() as string;
    if (initial.has(url)) continue;
    initial.add(url);
    const { staticUrls, dynamicUrls } = importsOf(url);
    queue.push(...staticUrls);
    for (const d of dynamicUrls) dynamic.add(d);
  }
  const lazy = new Set<string>();
  const lazyQueue = [...dynamic].filter((d) => !initial.has(d));
  while (lazyQueue.length > 0) {
    const url = lazyQueue.pop() as string;
    if (initial.has(url) || lazy.has(url)) continue;
    lazy.add(url);
    lazyQueue.push(...importsOf(url).staticUrls, ...importsOf(url).dynamicUrls);
  }
  return { initial, lazy };
}

const pages = readdirSync(client, { recursive: true, withFileTypes: true })
  .filter((f) => f.isFile() && f.name.endsWith('.html'))
  .map((f) => join(f.parentPath, f.name))
  .sort();

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
let failed = false;
console.log('page                                   initial gzip  initial br  on interaction gzip  files');
for (const file of pages) {
  const html = readFileSync(file, 'utf8');
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .join('\n');
  const entries = [
    ...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/\b(?:component|renderer)-url="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1] ?? '');
  const { initial, lazy } = closure([...new Set(entries)]);
  const initialCode = [inline, ...[...initial].map(readAsset)].join('\n');
  const total = size(initialCode);
  const lazyGzip = [...lazy].reduce((sum, url) => sum + size(readAsset(url)).gzip, 0);
  const name = `/${relative(client, file)}`.replace(/index\.html$/, '');
  const isShell = initialCode.trim() === '';
  const over = total.gzip > budgetKb * 1024;
  if (over) failed = true;
  console.log(
    `${name.padEnd(38)} ${isShell ? '0 (no JS)'.padStart(12) : `${kb(total.gzip)} KB`.padStart(12)}  ${`${kb(total.brotli)} KB`.padStart(10)}  ${`${kb(lazyGzip)} KB`.padStart(19)}  ${initial.size + lazy.size}${over ? '  OVER BUDGET' : ''}`,
  );
}
console.log(`\nBudget: ${budgetKb} KB gzip of JavaScript before any interaction, per page.`);
process.exit(failed ? 1 : 0);
