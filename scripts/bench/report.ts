import { readFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';
import { format, resolveConfig } from 'prettier';

/** One part's figures as a table, with the commands that reproduce them and what to read into them. */
export interface Section {
  title: string;
  commands: string[];
  columns: string[];
  rows: string[][];
  notes: string[];
}

/** One budget of bench/budgets.json against what this run measured; `pass` undefined when not measured. */
export interface BudgetCheck {
  budget: string;
  target: string;
  actual: string;
  pass: boolean | undefined;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** A Markdown table. */
export function table(columns: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(columns), line(columns.map(() => '---')), ...rows.map(line)].join('\n');
}

/** A section in Markdown: heading, commands, table, notes. */
export function sectionMarkdown(section: Section): string {
  const commands = ['```sh', ...section.commands, '```'].join('\n');
  const notes = section.notes.map((note) => `- ${note}`).join('\n');
  return [`#### ${section.title}`, `Produced by:\n\n${commands}`, table(section.columns, section.rows), notes]
    .filter(Boolean)
    .join('\n\n');
}

/** The budgets as a table with ✓, ✗ or "not run". */
export function budgetsSection(checks: BudgetCheck[]): Section {
  return {
    title: 'Budgets (bench/budgets.json)',
    commands: ['npm run bench'],
    columns: ['', 'Budget', 'Target', 'Measured'],
    rows: checks.map((check) => [
      check.pass === undefined ? '–' : check.pass ? '✓' : '✗',
      check.budget,
      check.target,
      check.actual,
    ]),
    notes: [],
  };
}

/** The machine the figures come from: CPU model, cores, memory, OS and Node. */
export function machine(): string {
  let model = cpus()[0]?.model ?? 'unknown CPU';
  try {
    model = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? model;
  } catch {
    // Not Linux: the model os.cpus() reports.
  }
  const memory = `${(totalmem() / 1024 ** 3).toFixed(0)} GB RAM`;
  return `${model}, ${cpus().length} cores, ${memory}, Linux ${release()}, Node ${process.version}`;
}

/** The whole report in Markdown, formatted as Prettier would (so `prettier --check` passes on it). */
export async function reportMarkdown(
  sections: Section[],
  meta: { date: Date; mode: string; seconds: number; context: string[] },
): Promise<string> {
  const header = [
    `### Latest results`,
    `Measured ${meta.date.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}; ` +
      `${meta.mode} run, ${meta.seconds.toFixed(0)} s in all. Reproduce with \`npm run bench\`.`,
    ...meta.context,
  ].join('\n\n');
  const markdown = [header, ...sections.map(sectionMarkdown)].join('\n\n');
  const options = (await resolveConfig('bench/results/latest.md')) ?? {};
  return format(`${markdown}\n`, { ...options, parser: 'markdown' });
}
