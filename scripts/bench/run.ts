/**
 * `npm run bench [-- --quick] [--only bytes,lighthouse,usable,typing,load,pages,submit,addresses] [--skip-build]`
 *
 * Builds the product, serves it as `npm start` does (scripts/serve.ts: brotli, cache headers,
 * the embedded carrier beside it), measures each part, prints the tables with the commands behind
 * them, checks bench/budgets.json and exits 1 when a budget is missed or a part fails.
 * A full run of every part also writes bench/results/latest.md for README.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { addressSection, runAddresses } from './addresses.ts';
import { checkBudgets } from './budgetChecks.ts';
import { loadBudgets, type BenchResults } from './budgets.ts';
import { bytesSection, measurePages } from './bytes.ts';
import { runLighthouse } from './lighthouse.ts';
import { lighthouseSections } from './lighthouseReport.ts';
import { stopEverythingOnExit } from './cleanup.ts';
import { busyCores, busyThreshold } from './machineLoad.ts';
import { floorSection } from './floor.ts';
import { runLoad } from './load.ts';
import { loadSection } from './loadReport.ts';
import { pageLoadSection, runPageLoad } from './pageLoad.ts';
import { budgetsSection, reportMarkdown, type Section } from './report.ts';
import { buildSite, startSite } from './site.ts';
import { runSubmitToLabel, submitSection } from './submitToLabel.ts';
import { assertTextIntact, runTyping, typingSection } from './typing.ts';
import { runUsable, usableSection } from './usable.ts';
import { missingTools } from './tools.ts';

const parts = ['bytes', 'lighthouse', 'usable', 'typing', 'load', 'pages', 'submit', 'addresses'] as const;
type Part = (typeof parts)[number];

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const quick = values.quick;
const selected = new Set((values.only?.split(',') ?? parts).map((p) => p.trim()));
const unknown = [...selected].filter((part) => !parts.includes(part as Part));
const missing = [
  ...unknown.map((part) => `Unknown part: ${part} (the parts are ${parts.join(', ')}).`),
  ...missingTools({ parts: selected, quick: values.quick, skipBuild: values['skip-build'] }),
];
if (missing.length > 0) {
  for (const line of missing) console.error(`✗ ${line}`);
  process.exit(2);
}
stopEverythingOnExit();
const settings = quick
  ? {
      lighthouseRuns: 1,
      headerRuns: 1,
      usableRuns: 1,
      typingRuns: 1,
      loadSeconds: 2,
      warmUp: 100,
      labels: 20,
      returns: 40,
      soak: 2_000,
    }
  : {
      lighthouseRuns: 5,
      headerRuns: 3,
      usableRuns: 5,
      typingRuns: 2,
      loadSeconds: 10,
      warmUp: 200,
      labels: 200,
      returns: 200,
      soak: 20_000,
    };

const budgets = loadBudgets();
const started = performance.now();
const results: BenchResults = {};
const sections: Section[] = [];
const failures: string[] = [];
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
// How long each part took, and how many cores other work kept busy just before it started.
const timings: string[] = [];
const othersBusy: number[] = [await busyCores()];

/** Runs one part if selected; a part that throws is reported and fails the run, the others still run. */
async function part(name: Part, work: () => Promise<void>): Promise<void> {
  if (!selected.has(name)) return;
  console.log(`\n▶ ${name} (${elapsed()})`);
  const busy = await busyCores();
  othersBusy.push(busy);
  const partStarted = performance.now();
  try {
    await work();
  } catch (error) {
    failures.push(`${name}: ${(error as Error).stack ?? String(error)}`);
    console.error(`✗ ${name} failed: ${(error as Error).message}`);
  }
  timings.push(
    `${name} ${((performance.now() - partStarted) / 1000).toFixed(0)} s (others ${busy.toFixed(2)})`,
  );
}

const needsServer = ['bytes', 'lighthouse', 'usable', 'typing', 'load', 'pages', 'submit'].some((name) =>
  selected.has(name),
);
if (needsServer) {
  if (!values['skip-build']) {
    console.log('▶ npx astro build');
    await buildSite();
  }
  const site = await startSite();
  console.log(`site ${site.url}, carrier ${site.carrierUrl}, log ${site.logPath}`);
  try {
    await part('bytes', async () => {
      results.bytes = await measurePages(site.url);
      sections.push(bytesSection(results.bytes));
    });
    await part('lighthouse', async () => {
      results.lighthouse = await runLighthouse(site.url, settings.lighthouseRuns, settings.headerRuns);
      sections.push(...lighthouseSections(results.lighthouse, site.url));
    });
    await part('usable', async () => {
      results.usable = await runUsable(site.url, settings.usableRuns);
      sections.push(usableSection(results.usable));
    });
    await part('typing', async () => {
      results.typing = await runTyping(site.url, settings.typingRuns);
      sections.push(typingSection(results.typing));
      // A lost keystroke fails the part, after its table has shown where.
      assertTextIntact(results.typing);
    });
    await part('load', async () => {
      const options = { seconds: settings.loadSeconds, labels: settings.labels, warmUp: settings.warmUp };
      results.load = await runLoad(site, options);
      sections.push(loadSection(results.load, options));
    });
    await part('pages', async () => {
      const options = {
        seconds: settings.loadSeconds,
        warmUp: settings.warmUp,
        soak: settings.soak,
        edge: !values['skip-build'] || existsSync('dist-edge/server/entry.mjs'),
      };
      results.pages = await runPageLoad(site, options);
      sections.push(pageLoadSection(results.pages, options));
      if (results.pages.floor) sections.push(floorSection(results.pages.floor, options));
    });
    await part('submit', async () => {
      results.submit = await runSubmitToLabel(site, settings.returns);
      sections.push(submitSection(results.submit));
    });
  } finally {
    await site.stop();
  }
}
// After the server has stopped, so the import has the machine to itself.
await part('addresses', async () => {
  results.addresses = await runAddresses(quick);
  sections.push(addressSection(results.addresses, quick));
});

const checks = checkBudgets(budgets, results);
sections.push(budgetsSection(checks));
const missed = checks.filter((check) => check.pass === false);
const seconds = (performance.now() - started) / 1000;
const mode = `${quick ? 'quick' : 'full'}${values.only ? ` (${values.only})` : ''}`;
const busiest = Math.max(...othersBusy.filter((busy) => !Number.isNaN(busy)), 0);
const context = [
  `Parts: ${timings.join(', ')}; "others" is how many of the ${cpus().length} cores other work kept busy in the second before the part began, while the bench was idle (${othersBusy[0]?.toFixed(2)} before the bench began).`,
  ...(busiest > busyThreshold
    ? [
        `**Other work kept up to ${busiest.toFixed(1)} cores busy during this run: these figures are distorted; rerun on a quiet machine.**`,
      ]
    : []),
];
const markdown = await reportMarkdown(sections, { date: new Date(), mode, seconds, context });
console.log(`\n${markdown}`);

const complete = !quick && !values.only && failures.length === 0;
const reportFile = complete
  ? 'bench/results/latest.md'
  : join(mkdtempSync(join(tmpdir(), 'returns-bench-report-')), 'report.md');
mkdirSync(join(reportFile, '..'), { recursive: true });
writeFileSync(reportFile, markdown);
console.log(
  `Report written to ${reportFile}${complete ? '' : ' (only a full run of every part updates bench/results/latest.md)'}.`,
);

for (const failure of failures) console.error(`\n✗ part failed: ${failure}`);
for (const check of missed)
  console.error(`✗ budget missed: ${check.budget}: ${check.actual} (target ${check.target})`);
const exitCode = failures.length > 0 || missed.length > 0 ? 1 : 0;
console.log(`\nbench finished in ${seconds.toFixed(0)} s, exit code ${exitCode}.`);
process.exit(exitCode);
