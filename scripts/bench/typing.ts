import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../chromium.config.ts';
import type { Section } from './report.ts';
import { demoToken } from './site.ts';
import { median, ms } from './stats.ts';
import { phoneConditions, phonePage } from './usable.ts';

/** What a sender types: a name with the diacritics a Czech one has. */
export const typedName = 'Jana Nováková';
/** When typing starts, after the first contentful paint: every quarter second up to two seconds. */
export const typingOffsetsMs = [0, 250, 500, 750, 1000, 1250, 1500, 1750, 2000];
const fieldLabel = 'Name / company';
/** A person's pace: each key held this long, the next pressed as it is let go. */
const keyDelayMs = 120;
/** How long after the last key the field's value is read, so a late re-render has had its chance. */
const settleMs = 3000;

/** One load of the form with the name typed into it from `offsetMs` after its first contentful paint. */
export interface TypingLoad {
  offsetMs: number;
  run: number;
  /** When the first keystroke's event began, after the first contentful paint. */
  firstKeyMs: number;
  /** The longest wait of a keystroke's event for the main thread: processingStart − startTime. */
  maxInputDelayMs: number;
  /** The longest event from the keystroke to the next paint, as INP counts it. */
  maxDurationMs: number;
  /** The field's value, read after the typing had settled. */
  value: string;
}

interface TypingEntry {
  startTime: number;
  delay: number;
  duration: number;
}
type ProbeWindow = { typingProbe?: { fcp: number; entries: TypingEntry[] } };

/**
 * Records the first contentful paint and every Event Timing entry (events of 16 ms or more,
 * and the first input whatever its length) of a key or text event on the name field (id `name`),
 * or on a node that is gone from the page by the time it is reported.
 */
const probe = () => {
  const kinds = [
    'keydown',
    'keypress',
    'keyup',
    'beforeinput',
    'input',
    'compositionstart',
    'compositionupdate',
    'compositionend',
  ];
  const seen = { fcp: 0, entries: [] as TypingEntry[] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const record = (list: PerformanceObserverEntryList) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      const target = entry.target as Element | null;
      if (!kinds.includes(entry.name) || (target && target.id !== 'name')) continue;
      seen.entries.push({
        startTime: entry.startTime,
        delay: entry.processingStart - entry.startTime,
        duration: entry.duration,
      });
    }
  };
  // durationThreshold is Event Timing's own option, not yet in TypeScript's DOM types.
  const events = { type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit;
  new PerformanceObserver(record).observe(events);
  new PerformanceObserver(record).observe({ type: 'first-input', buffered: true });
  (window as ProbeWindow).typingProbe = seen;
};

/**
 * In the page: the value of the field with this label, focused first when asked (as a tap on it
 * would); undefined when there is none. The field is found in the page itself: Playwright's
 * locators would first load its selector engine into the page, a long task of its own on a
 * throttled CPU, just when typing starts.
 */
const inField = ({ label, focus }: { label: string; focus: boolean }) => {
  const field = [...document.querySelectorAll('label')].find((each) => each.textContent.trim() === label);
  if (!(field?.control instanceof HTMLInputElement)) return undefined;
  if (focus) field.control.focus();
  return field.control.value;
};

/** Polls the page for its first contentful paint; resolves with it and the page's clock when seen. */
async function firstPaint(page: Page): Promise<{ fcp: number; now: number }> {
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    const seen = await page
      .evaluate(() => ({ fcp: (window as ProbeWindow).typingProbe?.fcp ?? 0, now: performance.now() }))
      // The first polls may reach the document the navigation is replacing.
      .catch(() => undefined);
    if (seen && seen.fcp > 0) return seen;
    await sleep(25);
  }
  throw new Error('the form page reported no first contentful paint within 30 s');
}

async function once(browser: Browser, url: string, offsetMs: number, run: number): Promise<TypingLoad> {
  const { context, page } = await phonePage(browser);
  try {
    await page.addInitScript(probe);
    await page.goto(url, { waitUntil: 'commit' });
    const paint = await firstPaint(page);
    await sleep(Math.max(0, paint.fcp + offsetMs - paint.now));
    const found = await page.evaluate(inField, { label: fieldLabel, focus: true });
    if (found === undefined) throw new Error(`the form has no field labelled '${fieldLabel}'`);
    await page.keyboard.type(typedName, { delay: keyDelayMs });
    await sleep(settleMs);
    const value = (await page.evaluate(inField, { label: fieldLabel, focus: false })) ?? '';
    const entries = await page.evaluate(() => (window as ProbeWindow).typingProbe?.entries ?? []);
    // The first key is always reported (first-input): none means the timing was not measured at all.
    if (entries.length === 0) throw new Error('no Event Timing entry for the typed keys');
    const most = (key: 'delay' | 'duration') => Math.max(0, ...entries.map((entry) => entry[key]));
    return {
      offsetMs,
      run,
      firstKeyMs: Math.min(...entries.map((entry) => entry.startTime)) - paint.fcp,
      maxInputDelayMs: most('delay'),
      maxDurationMs: most('duration'),
      value,
    };
  } finally {
    await context.close();
  }
}

/**
 * Types a name into the form's name field from each offset after the first contentful paint,
 * `runs` loads per offset (offsets round-robin, a fresh context each), in one Chromium.
 */
export async function runTyping(siteUrl: string, runs: number): Promise<TypingLoad[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const loads: TypingLoad[] = [];
    for (let run = 1; run <= runs; run++) {
      for (const offsetMs of typingOffsetsMs) {
        const load = await once(browser, `${siteUrl}/en/returns?token=${demoToken}`, offsetMs, run);
        console.log(
          `  typing ${run}/${runs} from ${offsetMs} ms after FCP: input delay ≤ ${ms(load.maxInputDelayMs)}, duration ≤ ${ms(load.maxDurationMs)}${load.value === typedName ? '' : `, field holds '${load.value}'`}`,
        );
        loads.push(load);
      }
    }
    return loads;
  } finally {
    await browser.close();
  }
}

/** Fails the part when a load lost a keystroke: the field must hold exactly what was typed. */
export function assertTextIntact(loads: readonly TypingLoad[]): void {
  const lost = loads.filter((load) => load.value !== typedName);
  if (lost.length === 0) return;
  const where = lost.map((load) => `from ${load.offsetMs} ms (run ${load.run}): '${load.value}'`);
  throw new Error(
    `keystrokes lost in ${lost.length} of ${loads.length} loads; '${typedName}' was typed, the field held ${where.join(', ')}`,
  );
}

/** The table of the typing part: per start offset, the worst wait and event over its runs. */
export function typingSection(loads: readonly TypingLoad[]): Section {
  const runs = Math.max(0, ...loads.map((load) => load.run));
  return {
    title: 'Typing while the form loads',
    commands: ['npm run bench -- --only typing'],
    columns: [
      'Typing starts after FCP',
      'First keystroke after FCP (median)',
      `Max input delay (of ${runs} run(s))`,
      'Max event duration',
      'Typed text intact',
    ],
    rows: typingOffsetsMs.map((offsetMs) => {
      const at = loads.filter((load) => load.offsetMs === offsetMs);
      const lost = at.filter((load) => load.value !== typedName);
      return [
        `${offsetMs} ms`,
        ms(median(at.map((load) => load.firstKeyMs))),
        ms(Math.max(...at.map((load) => load.maxInputDelayMs))),
        ms(Math.max(...at.map((load) => load.maxDurationMs))),
        lost.length === 0 ? 'yes' : `no: ${lost.map((load) => `'${load.value}'`).join(', ')}`,
      ];
    }),
    notes: [
      `Chromium through Playwright at ${phoneConditions}; the English form page with a demo link, ${runs} fresh load(s) per start offset, offsets round-robin.`,
      `At each offset after the first contentful paint the '${fieldLabel}' field is focused and '${typedName}' typed at ${keyDelayMs} ms a key (Playwright's \`keyboard.type\`; letters outside the US layout arrive as text input). The field's value is read ${settleMs / 1000} s after the last key.`,
      'Event Timing (`event` entries of 16 ms or more and `first-input`) of the key, `beforeinput` and `input` events of the field: input delay is `processingStart − startTime`, the wait for the main thread; duration runs to the next paint. An event with no entry took under 16 ms; the first keystroke always has one.',
      'DevTools hands the page the next key only once it has taken the last one, so a long task delays the keys after it instead of queueing them: the delay shown is that of the key that met the task.',
    ],
  };
}
