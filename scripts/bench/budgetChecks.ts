import type { BenchResults, Budgets } from './budgets.ts';
import type { PageBytes } from './bytes.ts';
import type { BudgetCheck } from './report.ts';
import { kb, median, ms, ratio } from './stats.ts';

type Measured = { actual: string; pass: boolean } | undefined;
const check = (budget: string, target: string, measured: Measured): BudgetCheck =>
  measured ? { budget, target, ...measured } : { budget, target, actual: 'not run', pass: undefined };

/** The item with the largest value, or undefined for none. */
function largest<T>(items: readonly T[] | undefined, value: (item: T) => number): T | undefined {
  return items?.reduce<T | undefined>((a, b) => (a === undefined || value(b) > value(a) ? b : a), undefined);
}

// Inline CSS travels inside the HTML; linked stylesheets come on top. Both encodings count:
// a client that takes only gzip must get the page in one round trip too.
const htmlCss = (p: PageBytes) => Math.max(p.html.gzip + p.linkedCss.gzip, p.html.br + p.linkedCss.br);

function pageChecks(budgets: Budgets, pages: PageBytes[] | undefined): BudgetCheck[] {
  const shells = pages?.filter((page) => page.shell && page.status !== 302);
  const mostJs = largest(shells, (p) => p.js.identity);
  const biggest = largest(shells, htmlCss);
  const form = largest(
    pages?.filter((page) => !page.shell),
    (p) => p.js.gzip,
  );
  const { jsBytes, htmlCssCompressedKb } = budgets.shellPages;
  const formKb = budgets.formPage.jsGzipKbBeforeInteraction;
  return [
    check(
      'Shell pages ship no JavaScript',
      `${jsBytes} bytes`,
      mostJs && {
        actual: `most: ${mostJs.js.identity} bytes (\`${mostJs.path}\`)`,
        pass: mostJs.js.identity <= jsBytes,
      },
    ),
    check(
      'Shell page HTML + CSS, compressed (gzip and br)',
      `≤ ${htmlCssCompressedKb} KB`,
      biggest && {
        actual: `largest: ${kb(biggest.html.gzip + biggest.linkedCss.gzip)} gzip, ${kb(biggest.html.br + biggest.linkedCss.br)} br (\`${biggest.path}\`)`,
        pass: htmlCss(biggest) <= htmlCssCompressedKb * 1024,
      },
    ),
    check(
      'Form page JavaScript before interaction, gzip',
      `≤ ${formKb} KB`,
      form && {
        actual: `${kb(form.js.gzip)} (${kb(form.js.br)} br)`,
        pass: form.js.gzip <= formKb * 1024,
      },
    ),
  ];
}

/** Time to a usable form: at first paint with scripts on and off; the recipient within its bound. */
function usableChecks(budgets: Budgets, rows: BenchResults['usable']): BudgetCheck[] {
  const { usableToFcpMax, recipientShownMs } = budgets.formPage;
  const usable = (scripts: 'on' | 'off') => {
    const row = rows?.find((r) => r.scripts === scripts);
    if (!row) return undefined;
    const share = median(row.usableMs) / median(row.fcpMs);
    return {
      actual: `${ratio(share)} (${ms(median(row.usableMs))} ÷ FCP ${ms(median(row.fcpMs))})`,
      pass: share <= usableToFcpMax,
    };
  };
  const on = rows?.find((r) => r.scripts === 'on');
  const recipient = on && on.recipientMs.length > 0 ? median(on.recipientMs) : undefined;
  return [
    check('Form usable with scripts, ÷ first contentful paint', `≤ ${ratio(usableToFcpMax)}`, usable('on')),
    check(
      'Form usable without scripts, ÷ first contentful paint',
      `≤ ${ratio(usableToFcpMax)}`,
      usable('off'),
    ),
    check(
      'Recipient shown on a throttled phone',
      `≤ ${ms(recipientShownMs)}`,
      on && {
        actual: recipient === undefined ? 'never' : ms(recipient),
        pass: recipient !== undefined && recipient <= recipientShownMs,
      },
    ),
  ];
}

/** Every budget of bench/budgets.json against the run's figures; parts that did not run read "not run". */
export function checkBudgets(budgets: Budgets, results: BenchResults): BudgetCheck[] {
  const { lighthouse, load, submit, addresses } = results;
  const form = lighthouse?.find((page) => page.name === 'form');
  const { lighthousePerformanceMedian: score, lcpToReferenceMax: lcp } = budgets.formPage;
  const errors = load?.reduce(
    (sum, r) => sum + r.site.errors + r.site.non2xx + r.carrier.errors + r.carrier.non2xx,
    0,
  );
  const { allComplete, mailedExactlyOnce } = budgets.submitToLabel;
  return [
    ...pageChecks(budgets, results.bytes),
    ...usableChecks(budgets, results.usable),
    check(
      'Form page Lighthouse mobile performance, median',
      `≥ ${score}`,
      form && {
        actual: `${median(form.performance)} (runs: ${form.performance.join(', ')})`,
        pass: median(form.performance) >= score,
      },
    ),
    check(
      'Form page LCP ÷ zero-JS reference, medians',
      `≤ ${ratio(lcp)}`,
      form && {
        actual: `${ratio(form.lcpRatio)} (${ms(form.lcpMs)})`,
        pass: form.lcpRatio <= lcp,
      },
    ),
    check(
      'API under load: errors and non-2xx answers',
      String(budgets.api.errors),
      errors === undefined
        ? undefined
        : {
            actual: String(errors),
            pass: errors <= budgets.api.errors,
          },
    ),
    check(
      'Submit to label: every return Complete',
      allComplete ? 'all' : 'not checked',
      submit && {
        actual: `${submit.complete} of ${submit.count}`,
        pass: !allComplete || submit.complete === submit.count,
      },
    ),
    check(
      'Submit to label: each mailed exactly once',
      mailedExactlyOnce ? 'all' : 'not checked',
      submit && {
        actual: `${submit.mail.mailedOnce} of ${submit.count}`,
        pass: !mailedExactlyOnce || submit.mail.mailedOnce === submit.count,
      },
    ),
    check(
      'Address suggestions p95',
      `< ${budgets.addresses.p95MsBelow} ms`,
      addresses && {
        actual: `${ms(addresses.p95)} (${addresses.points.toLocaleString('en-US')} points)`,
        pass: addresses.p95 < budgets.addresses.p95MsBelow,
      },
    ),
  ];
}
