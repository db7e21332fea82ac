import { demoToken } from './site.ts';
import { chromePath, lighthouseCommand, type LighthousePage } from './lighthouse.ts';
import type { Section } from './report.ts';
import { median, ms, ratio } from './stats.ts';

/** The Lighthouse table. */
export function lighthouseSection(pages: LighthousePage[], siteUrl: string): Section {
  return {
    title: 'Lighthouse mobile',
    commands: [
      'npm run bench -- --only lighthouse',
      lighthouseCommand(`${siteUrl.replace(/:\d+$/, ':PORT')}/returns?token=${demoToken}`),
    ],
    columns: [
      'Page',
      'Performance (median; runs)',
      'LCP (median)',
      'LCP ÷ reference',
      'TBT',
      'Accessibility',
      'Best practices',
      'SEO',
    ],
    rows: pages.map((page) => [
      `${page.name} \`${page.path}\``,
      `${median(page.performance)} (${page.performance.join(', ')})`,
      ms(page.lcpMs),
      ratio(page.lcpRatio),
      ms(page.tbtMs),
      String(page.accessibility),
      String(page.bestPractices),
      String(page.seo),
    ]),
    notes: [
      `Lighthouse ${pages[0]?.lighthouseVersion ?? ''} Node API, mobile preset with simulated throttling, Chromium at \`${chromePath}\`; ${pages[0]?.runs ?? 0} run(s) per page, taken round-robin in one Chrome.`,
      `LCP elements: ${pages.map((page) => `${page.name} \`${page.lcpElement}\``).join(', ')}.`,
      'The reference is the built form page with every `<script>`, module preload and island wrapper removed, served by a small brotli server in the same run.',
    ],
  };
}
