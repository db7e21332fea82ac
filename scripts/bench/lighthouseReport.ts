import {
  chromePath,
  formPath,
  lighthouseCommand,
  medianOf,
  type LighthouseResults,
  type LighthouseRun,
} from './lighthouse.ts';
import type { Section } from './report.ts';
import { median, ms, ratio, signedMs } from './stats.ts';

const performanceCell = (runs: readonly LighthouseRun[]) =>
  `${medianOf(runs, 'performance')} (${runs.map((run) => run.performance).join(', ')})`;
const category = (runs: readonly LighthouseRun[], key: 'accessibility' | 'bestPractices' | 'seo') =>
  String(median(runs.map((run) => run[key])));

/** "form `p.lead`", or with the copy's when it differs: "form `p.lead` (copy `h1`)". */
function lcpElements(name: string, site: readonly LighthouseRun[], copy: readonly LighthouseRun[]): string {
  const [page, zeroJs] = [site.at(-1)?.lcpElement ?? '', copy.at(-1)?.lcpElement ?? ''];
  return page === zeroJs ? `${name} \`${page}\`` : `${name} \`${page}\` (copy \`${zeroJs}\`)`;
}

/** The Lighthouse tables: each page beside its zero-JS copy, then the not-found page by the headers it is served with. */
export function lighthouseSections(results: LighthouseResults, siteUrl: string): Section[] {
  const { pages, headerCopies, lighthouseVersion } = results;
  const runs = pages[0]?.site.length ?? 0;
  const portless = siteUrl.replace(/:\d+$/, ':PORT');
  const main: Section = {
    title: 'Lighthouse mobile',
    commands: ['npm run bench -- --only lighthouse', lighthouseCommand(`${portless}${formPath}`)],
    columns: [
      'Page',
      'Performance (median; runs)',
      'FCP',
      'Copy FCP',
      'FCP − copy',
      'LCP',
      'Copy LCP',
      'LCP ÷ copy',
      'TBT',
      'Copy TBT',
      'TBT − copy',
      'Accessibility',
      'Best practices',
      'SEO',
    ],
    rows: pages.map(({ name, path, site, copy }) => [
      `${name} \`${path}\``,
      performanceCell(site),
      ms(medianOf(site, 'fcpMs')),
      ms(medianOf(copy, 'fcpMs')),
      signedMs(medianOf(site, 'fcpMs') - medianOf(copy, 'fcpMs')),
      ms(medianOf(site, 'lcpMs')),
      ms(medianOf(copy, 'lcpMs')),
      ratio(medianOf(site, 'lcpMs') / medianOf(copy, 'lcpMs')),
      ms(medianOf(site, 'tbtMs')),
      ms(medianOf(copy, 'tbtMs')),
      signedMs(medianOf(site, 'tbtMs') - medianOf(copy, 'tbtMs')),
      category(site, 'accessibility'),
      category(site, 'bestPractices'),
      category(site, 'seo'),
    ]),
    notes: [
      `Lighthouse ${lighthouseVersion} Node API, mobile preset with simulated throttling, Chromium at \`${chromePath}\`; ${runs} run(s) of each page and of its copy, taken round-robin in one Chrome (a page and its copy in the same round). Figures are medians; the differences and ratios are of the medians.`,
      "Each page has a zero-JS copy measured in the same run, served by a small server with brotli 11 and only `Content-Type`, `Cache-Control` and `Vary`: for the form, the built page with every `<script>`, module preload and island wrapper removed; for the shell pages, which ship no JavaScript, the site's HTML as it is, so their copy differs only by the server and its response headers.",
      `LCP elements in the last run: ${pages.map((page) => lcpElements(page.name, page.site, page.copy)).join(', ')}.`,
    ],
  };
  const notFound = pages.find((page) => page.name === 'not-found');
  if (!notFound) return [main];
  const plain = notFound.copy;
  const row = (server: string, headers: string, runsOf: LighthouseRun[]) => [
    server,
    headers,
    String(runsOf.length),
    performanceCell(runsOf),
    ms(medianOf(runsOf, 'fcpMs')),
    ms(medianOf(runsOf, 'lcpMs')),
    ms(medianOf(runsOf, 'tbtMs')),
    runsOf === plain ? '—' : signedMs(medianOf(runsOf, 'tbtMs') - medianOf(plain, 'tbtMs')),
    runsOf === plain ? '—' : ratio(medianOf(runsOf, 'lcpMs') / medianOf(plain, 'lcpMs')),
  ];
  const { siteHeaders, withoutCoop } = headerCopies;
  const coopTbt = medianOf(siteHeaders, 'tbtMs') - medianOf(withoutCoop, 'tbtMs');
  const coopLcp = medianOf(siteHeaders, 'lcpMs') / medianOf(withoutCoop, 'lcpMs');
  const coop: Section = {
    title: 'Lighthouse mobile: the not-found page by its response headers (COOP versus its cost)',
    commands: ['npm run bench -- --only lighthouse', `curl -sI ${portless}${notFound.path}`],
    columns: [
      'Served by',
      'Response headers',
      'Runs',
      'Performance (median; runs)',
      'FCP',
      'LCP',
      'TBT',
      'TBT − plain copy',
      'LCP ÷ plain copy',
    ],
    rows: [
      row('reference server', 'its own (plain copy)', plain),
      row('reference server', "the site's", siteHeaders),
      row('reference server', "the site's less `Cross-Origin-Opener-Policy`", withoutCoop),
      row('the site', "the site's", notFound.site),
    ],
    notes: [
      `The same HTML, \`${notFound.path}\` as the site sends it, in the same round-robin as the table above. "The site's" headers are every header the site answered that page with except the per-response ones (length, encoding, date, age, connection, keep-alive, transfer encoding, ETag): ${Object.keys(
        headerCopies.headers,
      )
        .map((name) => `\`${name}\``)
        .join(', ')}.`,
      `The copies with the site's headers ran ${siteHeaders.length} time(s) each${siteHeaders.length < runs ? `, fewer than the pages above (${runs}), to keep the part's length: they took the first ${siteHeaders.length} rounds` : ''}.`,
      `What \`Cross-Origin-Opener-Policy\` costs this page (site's headers with it − without it, medians): TBT ${signedMs(coopTbt)}, LCP ${ratio(coopLcp)}.`,
    ],
  };
  return [main, coop];
}
