import { launch } from 'chrome-launcher';
import { chromiumArgs, chromiumPath } from '../../chromium.config.ts';
import lighthouse from 'lighthouse';
import { demoToken } from './site.ts';
import { stopOnExit } from './cleanup.ts';
import { startReferenceServer } from './referencePage.ts';
import { median, ms } from './stats.ts';

/** Lighthouse mobile (its default preset, simulated throttling): medians of several runs per page. */
export interface LighthousePage {
  name: string;
  path: string;
  runs: number;
  performance: number[];
  lcpMs: number;
  lcpRatio: number;
  tbtMs: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lighthouseVersion: string;
  /** The LCP element of the last run, as Lighthouse names it. */
  lcpElement: string;
}

export const chromePath = chromiumPath;
const chromeFlags = ['--headless=new', ...chromiumArgs];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

/** The CLI command that gives the same figures for one URL. */
export const lighthouseCommand = (url: string) =>
  `CHROME_PATH=${chromePath} npx lighthouse '${url}' --output=json --only-categories=${categories.join(',')} --chrome-flags="${chromeFlags.join(' ')}"`;

/** Runs every page `runs` times, round-robin, so drift on the shared cores hits each page alike. */
export async function runLighthouse(siteUrl: string, runs: number): Promise<LighthousePage[]> {
  const formHtml = await (await fetch(`${siteUrl}/returns?token=${demoToken}`)).text();
  const reference = await startReferenceServer(formHtml);
  let chrome: Awaited<ReturnType<typeof launch>>;
  try {
    chrome = await launch({ chromePath, chromeFlags });
  } catch (error) {
    await reference.stop();
    throw error;
  }
  const unregister = stopOnExit(() => chrome.kill());
  const pages = [
    { name: 'zero-JS reference (form markup)', path: '/returns', base: reference.url },
    { name: 'form', path: `/returns?token=${demoToken}`, base: siteUrl },
    { name: 'not-found', path: '/returns/page-not-found', base: siteUrl },
    { name: 'error', path: '/returns/error', base: siteUrl },
  ];
  let lighthouseVersion = '';
  const samples = pages.map(
    () => [] as { score: Record<string, number>; lcp: number; tbt: number; element: string }[],
  );
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const [index, page] of pages.entries()) {
        const lhr = await audit(`${page.base}${page.path}`, chrome.port);
        lighthouseVersion = lhr.lighthouseVersion;
        const score = Object.fromEntries(
          categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
        );
        const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
        const tbt = lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN;
        samples[index]?.push({
          score,
          lcp,
          tbt,
          element: lcpElement(lhr.audits['lcp-breakdown-insight']?.details),
        });
        console.log(
          `  lighthouse ${run + 1}/${runs} ${page.name}: performance ${score['performance']}, LCP ${ms(lcp)}`,
        );
      }
    }
  } finally {
    unregister();
    chrome.kill();
    await reference.stop();
  }
  const referenceLcp = median(samples[0]?.map((s) => s.lcp) ?? []);
  return pages.map((page, index) => {
    const runsOf = samples[index] ?? [];
    const scoreOf = (c: string) => median(runsOf.map((s) => s.score[c] ?? 0));
    const lcpMs = median(runsOf.map((s) => s.lcp));
    return {
      name: page.name,
      path: page.path,
      runs: runsOf.length,
      performance: runsOf.map((s) => s.score['performance'] ?? 0),
      lcpMs,
      lcpRatio: lcpMs / referenceLcp,
      tbtMs: median(runsOf.map((s) => s.tbt)),
      accessibility: scoreOf('accessibility'),
      bestPractices: scoreOf('best-practices'),
      seo: scoreOf('seo'),
      lighthouseVersion,
      lcpElement: runsOf.at(-1)?.element ?? '',
    };
  });
}

/**
 * One Lighthouse run. A run that fails to load the page at all (NO_NAVSTART and the like,
 * seen when the shared cores are saturated) is repeated, up to two more times, and said so.
 */
async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
    });
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    const reason = `Lighthouse failed on ${url}: ${lhr?.runtimeError?.code ?? 'no result'}`;
    if (attempt === 3) throw new Error(reason);
    console.warn(`  ${reason}; running it again`);
  }
}

/** The selector of the LCP element from the LCP breakdown insight's details. */
function lcpElement(details: unknown): string {
  const items = (details as { items?: { type?: string; selector?: string }[] } | undefined)?.items ?? [];
  return items.find((item) => item.type === 'node')?.selector ?? 'unknown';
}
