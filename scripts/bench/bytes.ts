import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { locales, localizedPath, splitLocale } from '../../src/lib/locales.ts';
import { encodings, transferSizes, type Encoding } from './http.ts';
import { iconsOf, pageScripts, stylesOf } from './jsClosure.ts';
import type { Section } from './report.ts';
import { formPathOf } from './site.ts';
import { kb } from './stats.ts';

/** What one page costs as served: bytes per kind and encoding, and the requests it makes before any interaction. */
export interface PageBytes {
  path: string;
  status: number;
  shell: boolean;
  html: Record<Encoding, number>;
  css: Record<Encoding, number>;
  /** The stylesheets the page links (inline CSS is part of `html`). */
  linkedCss: Record<Encoding, number>;
  /** JavaScript the page loads with no interaction: inline scripts and the modules it starts with. */
  js: Record<Encoding, number>;
  /** The island modules that wait for the sender, fetched at the first interaction. */
  takeoverJs: Record<Encoding, number>;
  lazyJsGzip: number;
  requests: number;
}

const zero = (): Record<Encoding, number> => ({ identity: 0, gzip: 0, br: 0 });
const add = (a: Record<Encoding, number>, b: Record<Encoding, number>) => {
  for (const e of encodings) a[e] += b[e];
};
/** Inline CSS or JS travels inside the HTML; its share is compressed on its own, as the server would. */
const inlineSizes = (text: string): Record<Encoding, number> =>
  text.trim() === ''
    ? zero()
    : {
        identity: Buffer.byteLength(text),
        gzip: gzipSync(text, { level: 9 }).length,
        br: brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };

/**
 * The URLs to fetch: each language's status pages, accessibility statement and not-found page (an
 * unknown path), and the form page of a link.
 */
export function pagePaths(): string[] {
  return locales.flatMap((locale) => [
    ...['/returns/error', '/returns/page-not-found', '/returns/accessibility', '/bench-no-such-page'].map(
      (path) => localizedPath(locale, path),
    ),
    formPathOf(localizedPath(locale, '')),
  ]);
}

/** Fetches every page and its subresources from the running site and adds up the bytes. */
export async function measurePages(siteUrl: string): Promise<PageBytes[]> {
  const assets = new Map<string, Awaited<ReturnType<typeof transferSizes>>>();
  const asset = async (path: string) => {
    const known = assets.get(path) ?? (await transferSizes(new URL(path, siteUrl).href));
    assets.set(path, known);
    return known;
  };
  const pages: PageBytes[] = [];
  for (const path of pagePaths()) {
    const page = await transferSizes(new URL(path, siteUrl).href);
    const html = page.text;
    const styles = stylesOf(html);
    const scripts = await pageScripts(html, async (url) => (await asset(url)).text);
    const css = inlineSizes(styles.inline);
    const js = inlineSizes(scripts.inline);
    const linkedCss = zero();
    for (const link of styles.links) add(linkedCss, (await asset(link)).bytes);
    add(css, linkedCss);
    for (const url of scripts.initial) add(js, (await asset(url)).bytes);
    const takeoverJs = zero();
    for (const url of scripts.takeover) add(takeoverJs, (await asset(url)).bytes);
    let lazyJsGzip = 0;
    for (const url of scripts.lazy) lazyJsGzip += (await asset(url)).bytes.gzip;
    const icons = iconsOf(html);
    const requests =
      page.status >= 300 && page.status < 400
        ? 1
        : 1 + styles.links.length + scripts.initial.length + icons.length;
    pages.push({
      path,
      status: page.status,
      shell: splitLocale(path.split('?', 1)[0] ?? path).path !== '/returns',
      html: page.bytes,
      css,
      linkedCss,
      js,
      takeoverJs,
      lazyJsGzip,
      requests,
    });
  }
  return pages;
}

const triple = (sizes: Record<Encoding, number>) =>
  sizes.identity === 0 ? '0' : `${kb(sizes.identity)} / ${kb(sizes.gzip)} / ${kb(sizes.br)}`;

/** Pages a gzip-only client received uncompressed, which the table shows as gzip = raw. */
function uncompressedNote(pages: PageBytes[]): string[] {
  const raw = pages.filter((p) => p.html.identity > 1024 && p.html.gzip >= p.html.identity);
  if (raw.length === 0) return [];
  return [
    `**Sent without compression to a gzip-only client** (\`Accept-Encoding: gzip\` answered with the identity body): ${raw.length} of ${pages.length} pages (${raw.map((p) => `\`${p.path}\``).join(', ')}).`,
  ];
}

/** The bytes table. */
export function bytesSection(pages: PageBytes[]): Section {
  return {
    title: 'Bytes per page',
    commands: [
      'npm run bench -- --only bytes',
      "curl -so /dev/null -w '%{size_download}\\n' -H 'Accept-Encoding: br' http://127.0.0.1:PORT/returns/error",
    ],
    columns: [
      'Page',
      'Status',
      'HTML raw / gzip / br',
      'CSS raw / gzip / br',
      'JS before interaction raw / gzip / br',
      'JS at the first interaction raw / gzip / br',
      'JS on demand later (gzip)',
      'Requests',
    ],
    rows: pages.map((page) => [
      `\`${page.path}\`${page.shell ? '' : ' (form)'}`,
      String(page.status),
      triple(page.html),
      triple(page.css),
      triple(page.js),
      triple(page.takeoverJs),
      page.lazyJsGzip === 0 ? '0' : kb(page.lazyJsGzip),
      String(page.requests),
    ]),
    notes: [
      'Each page and file fetched from the site as `npm start` serves it (`scripts/serve.ts`) three times (`Accept-Encoding: identity`, `gzip`, `br`); sizes are bodies as transferred.',
      'CSS and JS inline in the page are counted inside the HTML too; their compressed share is measured on its own (gzip -9, brotli 11).',
      "JS before interaction: inline scripts plus the modules the page starts with (`<script src>`, module preloads, islands that hydrate by themselves) with their static imports. At the first interaction: the modules of an island that waits for the sender (`client:intent`) with their static imports, fetched when the sender first reaches for the form. On demand later: chunks only `import()` reaches (the searchable country list, the paid-service dialog, the form's schema at the first send, the success screen). Summed per file as served. Requests: the page, its stylesheets, the modules before interaction and the icon.",
      'A 404 page is measured at an unknown path (it answers 404); `/` is a redirect to the not-found page.',
      ...uncompressedNote(pages),
    ],
  };
}
