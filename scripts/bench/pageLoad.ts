import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { siteApi } from '../../src/lib/siteApi.ts';
import { runFloor, type FloorResult } from './floor.ts';
import { cannon, connections, type LoadFigures } from './load.ts';
import type { Section } from './report.ts';
import { buildEdge, formPathOf, renderedFormPathOf, startEdge, type BenchSite } from './site.ts';
import { ms, ratio } from './stats.ts';

/**
 * The form page of a link as a server answers it: asked again within its max-age (the route
 * cache answers), asked with a tracking tag of its own each time (as an e-shop's mail tags each
 * recipient's link: the cache answers too), and with a made-up language of its own each time
 * (rendered: a carrier call and the form), beside a static file of the build of about the page's
 * size served by the same server, on the Node target and in workerd. Then the Node server's memory
 * through a soak of form pages and country lists.
 */
export interface PageLoadRow {
  target: 'node' | 'edge';
  kept: LoadFigures;
  tagged: LoadFigures;
  rendered: LoadFigures;
  staticFile: LoadFigures;
}

export interface PageLoadResult {
  staticPath: string;
  rows: PageLoadRow[];
  /** The Node target against its references (floor.ts). */
  floor?: FloorResult;
  soak: { pages: number; countries: number; rssBeforeMb: number; rssAfterMb: number; errors: number };
}

const formPage = formPathOf();
const common = { 'accept-encoding': 'br, gzip', 'accept-language': 'cs-CZ' };

/** The build's asset closest in size to the form page's HTML: the same work for compression. */
function staticFileLike(bytes: number): string {
  const dir = 'dist/client/_astro';
  // The build's own files, not the compressed copies written beside them (precompress.ts).
  const files = readdirSync(dir)
    .filter((name) => !/\.(br|gz)$/.test(name))
    .map((name) => ({ name, size: statSync(join(dir, name)).size }));
  const closest = files.reduce((a, b) => (Math.abs(b.size - bytes) < Math.abs(a.size - bytes) ? b : a));
  return `/_astro/${closest.name}`;
}

async function measure(
  target: PageLoadRow['target'],
  base: string,
  staticPath: string,
  run: { seconds: number; warmUp: number },
) {
  // Each figure after a warm-up of its own: a short window measured cold says little.
  const measured = async (path: string, pathOf?: (index: number) => string) => {
    await cannon(`${base}${path}`, common, { amount: run.warmUp }, undefined, pathOf);
    return cannon(`${base}${path}`, common, { seconds: run.seconds }, undefined, pathOf);
  };
  const kept = await measured(formPage);
  // A value of its own in each request: a tracking tag the cache leaves out of its key, and a
  // made-up `lng` (renderedFormPathOf): the page rendered.
  const tagged = await measured(formPage, (i) => `${formPage}&utm_content=${target}${Date.now()}-${i}`);
  const rendered = await measured(formPage, (i) => renderedFormPathOf(`${target}${Date.now()}`, i));
  const staticFile = await measured(staticPath);
  console.log(
    `  ${target}: form page kept ${kept.rps.toFixed(0)} req/s, tagged ${tagged.rps.toFixed(0)} req/s, rendered ${rendered.rps.toFixed(0)} req/s, static file ${staticFile.rps.toFixed(0)} req/s`,
  );
  return { target, kept, tagged, rendered, staticFile };
}

/** The site process's resident memory in MB, from its own metrics. */
async function residentMb(site: BenchSite): Promise<number> {
  const text = await (await fetch(site.metricsUrl)).text();
  const bytes = Number(/^process_resident_memory_bytes (\S+)$/m.exec(text)?.[1]);
  return bytes / 1024 ** 2;
}

export async function runPageLoad(
  site: BenchSite,
  options: { seconds: number; warmUp: number; soak: number; edge: boolean },
): Promise<PageLoadResult> {
  const page = await (await fetch(`${site.url}${formPage}`)).text();
  const staticPath = staticFileLike(Buffer.byteLength(page));
  const rows: PageLoadRow[] = [await measure('node', site.url, staticPath, options)];
  const floor = await runFloor(site, staticPath, options);
  if (options.edge) {
    await buildEdge();
    const edge = await startEdge(site);
    try {
      rows.push(await measure('edge', edge.url, staticPath, options));
    } finally {
      await edge.stop();
    }
  }
  // The soak: each form page at a URL of its own (each rendered: a made-up `lng` is never kept), and country lists.
  const rssBeforeMb = await residentMb(site);
  const amount = { amount: options.soak };
  const pages = await cannon(`${site.url}${formPage}`, common, amount, undefined, (i) =>
    renderedFormPathOf('soak', i),
  );
  const countries = await cannon(`${site.url}${siteApi.countries}`, common, amount);
  const rssAfterMb = await residentMb(site);
  console.log(`  soak: site ${rssBeforeMb.toFixed(0)} MB before, ${rssAfterMb.toFixed(0)} MB after`);
  return {
    staticPath,
    rows,
    floor,
    soak: {
      pages: pages.requests,
      countries: countries.requests,
      rssBeforeMb,
      rssAfterMb,
      errors: pages.errors + pages.non2xx + countries.errors + countries.non2xx,
    },
  };
}

export function pageLoadSection(result: PageLoadResult, options: { seconds: number }): Section {
  const cell = (f: LoadFigures) => `${f.rps.toFixed(0)} (${ms(f.p50)} / ${ms(f.p99)})`;
  return {
    title: 'The form page served',
    commands: ['npm run bench -- --only pages'],
    columns: [
      'Target',
      'Kept (same URL) req/s (p50 / p99)',
      'Kept (new tracking tag) req/s (p50 / p99)',
      'Rendered (made-up `lng`) req/s (p50 / p99)',
      `Static file req/s (p50 / p99)`,
      'Kept ÷ static',
      'Rendered ÷ static',
    ],
    rows: result.rows.map((row) => [
      row.target === 'node' ? 'Node (`scripts/serve.ts`)' : 'Edge (workerd, `scripts/serve-edge.ts`)',
      cell(row.kept),
      cell(row.tagged),
      cell(row.rendered),
      cell(row.staticFile),
      ratio(row.kept.rps / row.staticFile.rps),
      ratio(row.rendered.rps / row.staticFile.rps),
    ]),
    notes: [
      `autocannon, ${connections} connections, ${options.seconds} s each, \`Accept-Encoding: br, gzip\`. The static file is \`${result.staticPath}\`, the build's asset closest in size to the form page's HTML. "Kept" asks \`${formPage}\` again within its max-age: the route cache answers. "New tracking tag" adds \`utm_content\` with a value of its own each time, as a shop's mail tags each recipient's link: the cache keys a page by the parameters pages read (src/lib/pageQuery.ts), so it answers too. "Rendered" adds a made-up \`lng\` with a value of its own each time, which the cache never keeps: one carrier call and the whole form rendered.`,
      'At the edge the figures include the Node front of `scripts/serve-edge.ts` in front of workerd, which compresses as Cloudflare does in production: they compare the targets on this machine, not with Cloudflare.',
      `Soak: ${result.soak.pages.toLocaleString('en-US')} form pages, each rendered (a made-up \`lng\` of its own) and ${result.soak.countries.toLocaleString('en-US')} country lists; the site process ${result.soak.rssBeforeMb.toFixed(0)} MB resident before, ${result.soak.rssAfterMb.toFixed(0)} MB after (its carrier is a process of its own); ${result.soak.errors} errors.`,
    ],
  };
}
