import { launch } from 'chrome-launcher';
import { chromiumArgs, chromiumPath } from '../../chromium.config.ts';
import lighthouse from 'lighthouse';
import { formPathOf } from './site.ts';
import { stopOnExit } from './cleanup.ts';
import {
  copiedHeaders,
  startReferenceServer,
  withoutHeader,
  zeroJsMarkup,
  type ReferenceHeaders,
} from './referencePage.ts';
import { median, ms } from './stats.ts';

/** One Lighthouse mobile run (its default preset, simulated throttling) of one URL. */
export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** The LCP element, as Lighthouse names it. */
  lcpElement: string;
}

/** A page from the site and its zero-JS copy from the reference server; run r of each was taken in round r. */
export interface LighthousePage {
  name: string;
  path: string;
  shell: boolean;
  site: LighthouseRun[];
  copy: LighthouseRun[];
}

/** The not-found page's copy served with the site's response headers, and with them less COOP. */
export interface HeaderCopies {
  /** The headers the site sent with the page, as copied (without per-response ones such as Date). */
  headers: ReferenceHeaders;
  siteHeaders: LighthouseRun[];
  withoutCoop: LighthouseRun[];
}

/** What the lighthouse part measured. */
export interface LighthouseResults {
  lighthouseVersion: string;
  pages: LighthousePage[];
  headerCopies: HeaderCopies;
}

export type Metric = 'performance' | 'fcpMs' | 'lcpMs' | 'tbtMs';

/** The median of one figure over runs, as the report and the budgets read them. */
export const medianOf = (runs: readonly LighthouseRun[], metric: Metric): number =>
  median(runs.map((run) => run[metric]));

export const chromePath = chromiumPath;
const chromeFlags = ['--headless=new', ...chromiumArgs];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const coop = 'Cross-Origin-Opener-Policy';

/** The CLI command that gives the same figures for one URL. */
export const lighthouseCommand = (url: string) =>
  `CHROME_PATH=${chromePath} npx lighthouse '${url}' --output=json --only-categories=${categories.join(',')} --chrome-flags="${chromeFlags.join(' ')}"`;

export const formPath = formPathOf();
const notFoundPage = { name: 'not-found', path: '/returns/page-not-found' };
const errorPage = { name: 'error', path: '/returns/error' };
// The not-found page's copies with headers live under these prefixes on the reference server.
const siteHeadersPrefix = '/with-site-headers';
const withoutCoopPrefix = '/with-site-headers-less-coop';

/** One URL to audit and the runs taken of it so far. */
interface Target {
  label: string;
  url: string;
  runs: number;
  samples: LighthouseRun[];
}

/** A shell page as the site sends it: its HTML and the headers a copy of it can carry. */
async function fetchShell(siteUrl: string, page: { name: string; path: string }) {
  const response = await fetch(`${siteUrl}${page.path}`);
  if (!response.ok) throw new Error(`${page.path} answered ${response.status}`);
  return { ...page, html: await response.text(), headers: copiedHeaders(response.headers) };
}

/**
 * Runs every page and its zero-JS copy `runs` times and the not-found page's copies with the
 * site's headers `headerRuns` times, round-robin in one Chrome, so drift on the shared cores
 * hits a page and its copy alike.
 */
export async function runLighthouse(
  siteUrl: string,
  runs: number,
  headerRuns: number,
): Promise<LighthouseResults> {
  const form = await fetch(`${siteUrl}${formPath}`);
  if (!form.ok) throw new Error(`the form page answered ${form.status}`);
  const formHtml = await form.text();
  const [notFound, failure] = await Promise.all([
    fetchShell(siteUrl, notFoundPage),
    fetchShell(siteUrl, errorPage),
  ]);
  const lessCoop = withoutHeader(notFound.headers, coop);
  const reference = await startReferenceServer([
    { path: '/returns', html: zeroJsMarkup(formHtml) },
    { path: notFound.path, html: notFound.html },
    { path: failure.path, html: failure.html },
    { path: `${siteHeadersPrefix}${notFound.path}`, html: notFound.html, headers: notFound.headers },
    { path: `${withoutCoopPrefix}${notFound.path}`, html: notFound.html, headers: lessCoop },
  ]);
  const target = (label: string, url: string, count = runs): Target => ({
    label,
    url,
    runs: count,
    samples: [],
  });
  const pair = (name: string, path: string, shell: boolean) => ({
    name,
    path,
    shell,
    copy: target(`${name} zero-JS copy`, `${reference.url}${path}`),
    site: target(name, `${siteUrl}${path}`),
  });
  const formPair = pair('form', formPath, false);
  const notFoundPair = pair(notFound.name, notFound.path, true);
  const errorPair = pair(failure.name, failure.path, true);
  const siteHeaders = target(
    'not-found copy with the site headers',
    `${reference.url}${siteHeadersPrefix}${notFound.path}`,
    headerRuns,
  );
  const withoutCoop = target(
    `not-found copy with the site headers less ${coop}`,
    `${reference.url}${withoutCoopPrefix}${notFound.path}`,
    headerRuns,
  );
  const order = [
    formPair.copy,
    formPair.site,
    notFoundPair.copy,
    siteHeaders,
    withoutCoop,
    notFoundPair.site,
    errorPair.copy,
    errorPair.site,
  ];

  let chrome: Awaited<ReturnType<typeof launch>>;
  try {
    chrome = await launch({ chromePath, chromeFlags });
  } catch (error) {
    await reference.stop();
    throw error;
  }
  const unregister = stopOnExit(() => chrome.kill());
  let lighthouseVersion = '';
  try {
    for (let round = 0; round < Math.max(runs, headerRuns); round += 1) {
      for (const each of order.filter((t) => round < t.runs)) {
        const lhr = await audit(each.url, chrome.port);
        lighthouseVersion = lhr.lighthouseVersion;
        const run = runOf(lhr);
        each.samples.push(run);
        console.log(
          `  lighthouse ${round + 1}/${each.runs} ${each.label}: performance ${run.performance}, FCP ${ms(run.fcpMs)}, LCP ${ms(run.lcpMs)}, TBT ${ms(run.tbtMs)}`,
        );
      }
    }
  } finally {
    unregister();
    chrome.kill();
    await reference.stop();
  }
  return {
    lighthouseVersion,
    pages: [formPair, notFoundPair, errorPair].map(({ name, path, shell, site, copy }) => ({
      name,
      path,
      shell,
      site: site.samples,
      copy: copy.samples,
    })),
    headerCopies: {
      headers: notFound.headers,
      siteHeaders: siteHeaders.samples,
      withoutCoop: withoutCoop.samples,
    },
  };
}

type Lhr = Awaited<ReturnType<typeof audit>>;

/** The scores out of 100 and the metrics of one report. */
function runOf(lhr: Lhr): LighthouseRun {
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    lcpElement: lcpElement(lhr.audits['lcp-breakdown-insight']?.details),
  };
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
