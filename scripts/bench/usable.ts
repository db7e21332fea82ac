import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../chromium.config.ts';
import type { Section } from './report.ts';
import { demoToken } from './site.ts';
import { median, ms } from './stats.ts';

/** Lighthouse's mobile conditions, applied by DevTools: 4× CPU, 150 ms round trip, 1.6 Mbit/s down. */
const conditions = { cpu: 4, latencyMs: 150, downBytesPerSecond: (1.6 * 1024 * 1024) / 8 };

/** The conditions in words, for the notes of the parts that load pages this way. */
export const phoneConditions =
  "a 412 px phone width, throttled by DevTools as Lighthouse's mobile preset simulates it (4× CPU, 150 ms round trip, 1.6 Mbit/s down)";

/**
 * A fresh context and page at a phone's width, throttled as Lighthouse's mobile preset
 * simulates it, so the parts that load the form in Playwright see the same phone.
 */
export async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: conditions.cpu });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: conditions.latencyMs,
    downloadThroughput: conditions.downBytesPerSecond,
    uploadThroughput: (750 * 1024) / 8,
  });
  return { context, page };
}

export interface UsableRow {
  scripts: 'on' | 'off';
  fcpMs: number[];
  usableMs: number[];
  recipientMs: number[];
}

/**
 * Records, from navigation start, when the form could first create a return on a press of
 * 'Send data': a form that posts (method=post, its submit button parsed) works with or without
 * the island, so that is the moment in both cases. Also the first contentful paint and when the
 * recipient's address shows (drawn by the page's inline script from the return page, or by the
 * island: so it shows when the island's scripts never arrive too).
 */
const probe = () => {
  const seen: Record<string, number> = {};
  const look = () => {
    if (!seen['usable'] && document.querySelector('form.return-form[method="post"] button[type="submit"]'))
      seen['usable'] = performance.now();
    if (!seen['recipient'] && document.querySelector('.recipient address'))
      seen['recipient'] = performance.now();
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') seen['fcp'] = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  (window as unknown as { usableProbe: Record<string, number> }).usableProbe = seen;
};

async function once(browser: Browser, url: string, scripts: 'on' | 'off') {
  const { context, page } = await phonePage(browser);
  // Scripts that never arrive: the 1 % of page views whose scripts fail to load.
  if (scripts === 'off') await page.route(/\/_astro\/.*\.js$/, (route) => route.abort());
  await page.addInitScript(probe);
  await page.goto(url, { waitUntil: 'load' });
  const wanted = ['fcp', 'usable', 'recipient'];
  await page.waitForFunction(
    (keys) =>
      keys.every((key) => (window as unknown as { usableProbe: Record<string, number> }).usableProbe[key]),
    wanted,
    { timeout: 30_000 },
  );
  const seen = await page.evaluate(
    () => (window as unknown as { usableProbe: Record<string, number> }).usableProbe,
  );
  await context.close();
  return seen;
}

/** Time to a usable form, scripts on and off, `runs` times each, in one Chromium. */
export async function runUsable(siteUrl: string, runs: number): Promise<UsableRow[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const rows: UsableRow[] = [];
    for (const scripts of ['on', 'off'] as const) {
      const row: UsableRow = { scripts, fcpMs: [], usableMs: [], recipientMs: [] };
      for (let run = 0; run < runs; run++) {
        const seen = await once(browser, `${siteUrl}/returns?token=${demoToken}`, scripts);
        row.fcpMs.push(seen['fcp'] ?? NaN);
        row.usableMs.push(seen['usable'] ?? NaN);
        if (seen['recipient']) row.recipientMs.push(seen['recipient']);
      }
      rows.push(row);
    }
    return rows;
  } finally {
    await browser.close();
  }
}

/** The table of the usable part. */
export function usableSection(rows: UsableRow[]): Section {
  return {
    title: 'Time to a usable form',
    commands: ['npm run bench -- --only usable'],
    columns: [
      'Scripts',
      'First contentful paint',
      'Usable (a press creates the return)',
      'Usable ÷ FCP',
      'Recipient shown',
    ],
    rows: rows.map((row) => [
      row.scripts,
      ms(median(row.fcpMs)),
      ms(median(row.usableMs)),
      `${(median(row.usableMs) / median(row.fcpMs)).toFixed(2)}×`,
      row.recipientMs.length ? ms(median(row.recipientMs)) : '—',
    ]),
    notes: [
      `Chromium through Playwright at ${phoneConditions}; medians of ${rows[0]?.fcpMs.length ?? 0} loads of the form page with a demo link.`,
      'Usable: the moment the form that posts to its own URL and its submit button are in the page. Before the island hydrates a press posts the form to the site, which creates the return; after, the island sends it. Scripts off: every `/_astro/*.js` request fails, as when scripts never arrive.',
    ],
  };
}
