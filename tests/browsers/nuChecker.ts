import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The Nu Html Checker's jar, as the vnu-jar package ships it (run with Debian's Java). */
const jar = String(createRequire(import.meta.url)('vnu-jar'));

/**
 * What the checker reports that is not an error of ours, each with the reason. Its CSS part
 * predates CSS anchor positioning, which the language menu uses to hang under its button; in
 * a browser without it, the `@supports not (position-area: bottom)` rule in
 * LanguageSwitch.astro places the menu under the header's right edge instead.
 */
export const knownCheckerGaps: { pattern: RegExp; why: string }[] = [
  {
    pattern: /^CSS: “(anchor-name|position-anchor|position-area)”: Property “\1” doesn't exist\.$/,
    why: 'CSS anchor positioning (language menu), with an @supports fallback',
  },
  {
    // The HTML standard's `expect` link type (#link-type-expect) takes `blocking="render"`: the
    // form page's first paint waits until 'Send data' is parsed. Browsers without it paint sooner.
    pattern:
      /^A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”\.$/,
    why: 'link rel=expect blocking=render (form page), newer than the checker',
  },
];

export interface NuError {
  document: string;
  message: string;
  extract: string;
}

/**
 * Checks every document in one run of the checker (one JVM start: it takes seconds) and
 * returns its errors, without the known gaps above. `documents` maps a name to its HTML.
 */
export function nuErrors(documents: Map<string, string>): NuError[] {
  const dir = mkdtempSync(join(tmpdir(), 'nu-check-'));
  try {
    const files = [...documents].map(([name, html], index) => {
      const file = join(dir, `${String(index).padStart(2, '0')}.html`);
      writeFileSync(file, html);
      return { file, name };
    });
    const run = spawnSync(
      'java',
      ['-jar', jar, '--errors-only', '--format', 'json', ...files.map((f) => f.file)],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    if (run.error) throw run.error;
    const report = JSON.parse(run.stderr) as {
      messages: { type: string; url?: string; message: string; extract?: string }[];
    };
    const nameOf = (url = '') => files.find((f) => url.endsWith(f.file))?.name ?? url;
    return report.messages
      .filter((m) => m.type === 'error' && !knownCheckerGaps.some((gap) => gap.pattern.test(m.message)))
      .map((m) => ({ document: nameOf(m.url), message: m.message, extract: m.extract ?? '' }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
