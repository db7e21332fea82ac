import { spawn } from 'node:child_process';
import { stopOnExit } from './cleanup.ts';
import type { Section } from './report.ts';
import { ms } from './stats.ts';

/** The figures scripts/bench-addresses.ts prints, read from its output. */
export interface AddressResult {
  command: string;
  source: string;
  points: number;
  importSeconds: number;
  peakRssMb: number;
  databaseMb: number;
  queries: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** The access-point search over the whole demo network: places, and p95 in process and through the carrier's route. */
  accessPoints: { points: number; p50: number; p95: number; routeP95: number };
}

/** The whole RÚIAN export, where the project's shared data sits beside the checkout. */
export const fullExport = '../shared/data/ruian/ruian-adresni-mista-20231231.tar.xz';
export const plzenExtract = 'carrier/data/ruian-554791-plzen.csv.gz';

const number = (output: string, pattern: RegExp): number => {
  const found = pattern.exec(output)?.[1];
  if (found === undefined) throw new Error(`bench-addresses printed no ${pattern.source}:\n${output}`);
  return Number(found);
};

/**
 * Runs the existing address benchmark as a child process (its own Node, its own scratch
 * database) and reads its figures. `quick` imports the Plzeň extract instead of the whole country.
 */
export async function runAddresses(quick: boolean): Promise<AddressResult> {
  const source = quick ? plzenExtract : fullExport;
  const args = ['scripts/bench-addresses.ts', source, '--queries', '2000'];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const unregister = stopOnExit(() => child.kill('SIGTERM'));
    child.once('exit', unregister);
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    child.once('error', reject);
    // It exits 1 when p95 reaches its 10 ms budget; the budget check here reads the figure itself.
    child.once('exit', (code) =>
      code === 0 || code === 1
        ? resolve(text)
        : reject(new Error(`bench-addresses exited with ${code}:\n${text}`)),
    );
  });
  return {
    command: `node ${args.join(' ')}`,
    source,
    points: number(output, /import: (\d+) points/),
    importSeconds: number(output, /import time: ([\d.]+) s/),
    peakRssMb: number(output, /peak RSS: (\d+) MB/),
    databaseMb: number(output, /database size: (\d+) MB/),
    queries: number(output, /queries: (\d+)/),
    p50: number(output, /p50 ([\d.]+)/),
    p95: number(output, /p95 ([\d.]+)/),
    p99: number(output, /p99 ([\d.]+)/),
    max: number(output, /max ([\d.]+)/),
    accessPoints: {
      points: number(output, /access points: (\d+) places/),
      p50: number(output, /access-point search ms: p50 ([\d.]+)/),
      p95: number(output, /access-point search ms: .*p95 ([\d.]+)/),
      routeP95: number(output, /access-point route ms: .*p95 ([\d.]+)/),
    },
  };
}

/** The address table. */
export function addressSection(result: AddressResult, quick: boolean): Section {
  return {
    title: 'Address suggestions (RÚIAN)',
    commands: [`npm run bench -- --only addresses${quick ? ' --quick' : ''}`, result.command],
    columns: [
      'Source',
      'Address points',
      'Import',
      'Peak memory (RSS)',
      'Database',
      'Queries',
      'p50',
      'p95',
      'p99',
      'max',
    ],
    rows: [
      [
        `\`${result.source.split('/').at(-1)}\`${quick ? ' (Plzeň extract, quick mode)' : ' (whole country)'}`,
        result.points.toLocaleString('en-US'),
        `${result.importSeconds.toFixed(1)} s`,
        `${result.peakRssMb} MB`,
        `${result.databaseMb} MB`,
        String(result.queries),
        ms(result.p50),
        ms(result.p95),
        ms(result.p99),
        ms(result.max),
      ],
    ],
    notes: [
      'Imported into a scratch SQLite database (WAL, as the carrier runs it); queries drawn with a fixed seed from the imported data as people type them (streets, house numbers, cities, postcodes; half without diacritics), timed in-process after 200 warm-up queries.',
      `Access-point search of the sent page ('Where to take it') over the whole demo network of ${result.accessPoints.points} places, ${result.queries} searches by postcode or town (half for a label-less return): p50 ${ms(result.accessPoints.p50)}, p95 ${ms(result.accessPoints.p95)} in process; p95 ${ms(result.accessPoints.routeP95)} through the carrier's GET /AccessPoint on loopback.`,
      ...(quick
        ? ['Quick mode imports only the Plzeň extract; the full run imports the whole national export.']
        : []),
    ],
  };
}
