import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/**
 * A screen-reader transcript kept as a text file in tests/e2e/transcripts/, so that a change in
 * what a sender hears shows in review. The test compares what it heard with the file;
 * `UPDATE_TRANSCRIPTS=1` writes the files instead (read the diff before you commit it).
 * See docs/accessibility.md for how to read one.
 */
export class Transcript {
  private readonly lines: string[];
  private readonly masks: [string, string][] = [];

  constructor(title: string) {
    this.lines = [
      `# ${title}`,
      '# One phrase a line, as the virtual screen reader said it; "## step" is what the sender did.',
    ];
  }

  /** Replaces a value that differs from run to run (a SmartPIN, say) with a placeholder. */
  mask(value: string, placeholder: string): void {
    if (value) this.masks.push([value, placeholder]);
  }

  /** One step of the flow and what was heard after it. */
  step(name: string, heard: string[]): void {
    this.lines.push('', `## ${name}`, ...collapseOptions(heard));
  }

  toString(): string {
    let text = `${this.lines.join('\n')}\n`;
    for (const [value, placeholder] of this.masks) text = text.replaceAll(value, placeholder);
    return text
      .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, '<id>')
      .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '<e-mail>');
  }
}

/**
 * The virtual screen reader reads every option of a closed native list (real ones do not):
 * 249 countries would bury the transcript, so a run of options becomes one line.
 */
function collapseOptions(heard: string[]): string[] {
  const out: string[] = [];
  for (let at = 0; at < heard.length;) {
    let end = at;
    while (heard[end]?.startsWith('option, ')) end++;
    if (end - at < 2) {
      out.push(heard[at] ?? '');
      at++;
      continue;
    }
    const selected = heard.slice(at, end).find((phrase) => /, selected,/.test(phrase));
    const name = selected?.split(', ')[1] ?? 'none';
    out.push(`[${end - at} options read out, the selected one: ${name}]`);
    at = end;
  }
  return out;
}

/** Compares the transcript with its file, or rewrites the file with UPDATE_TRANSCRIPTS=1. */
export async function expectTranscript(transcript: Transcript, file: URL): Promise<void> {
  const heard = transcript.toString();
  await test.info().attach('transcript', { body: heard, contentType: 'text/plain' });
  if (process.env['UPDATE_TRANSCRIPTS'] === '1') {
    writeFileSync(file, heard);
    return;
  }
  const kept = existsSync(file) ? readFileSync(file, 'utf8') : '';
  expect(
    heard,
    `what a screen reader says differs from ${file.pathname} (UPDATE_TRANSCRIPTS=1 rewrites it)`,
  ).toBe(kept);
}
