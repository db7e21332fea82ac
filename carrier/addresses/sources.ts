/**
 * Reads an address source into the RÚIAN parser, streaming throughout: a single `.csv` or `.csv.gz`
 * file, a directory of `*_ADR.csv` files, or the ČÚZK `.tar.xz` export, which the system `tar`
 * decompresses to a pipe so nothing is unpacked to disk.
 */
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import { type AddressPoint, RuianFormatError, createRuianParser } from './ruianCsv.ts';

export type PointSink = (points: AddressPoint[]) => void;

const memberPattern = /_ADR\.csv(\.gz)?$/i;

/** Streams every address point of `source` into `sink`; returns how many files it read. */
export async function readAddressSource(source: string, sink: PointSink): Promise<number> {
  const info = await stat(source).catch(() => null);
  if (info === null) throw new Error(`Address source not found: ${source}`);
  if (info.isDirectory()) return readDirectory(source, sink);
  if (/\.(tar\.xz|txz)$/i.test(source)) return readArchive(source, sink);
  if (/\.csv(\.gz)?$/i.test(source)) return readFile(source, sink);
  throw new Error(`${source}: unsupported address source; give a .csv, .csv.gz, .tar.xz or a directory`);
}

async function readDirectory(directory: string, sink: PointSink): Promise<number> {
  const names = (await readdir(directory)).filter((name) => memberPattern.test(name)).sort();
  if (names.length === 0) throw new Error(`${directory}: no *_ADR.csv files in this directory`);
  let files = 0;
  for (const name of names) files += await readFile(join(directory, name), sink);
  return files;
}

async function readFile(path: string, sink: PointSink): Promise<number> {
  const file = createReadStream(path);
  let chunks: AsyncIterable<Uint8Array> = file;
  if (/\.gz$/i.test(path)) {
    const gunzip = createGunzip();
    file.on('error', (error) => gunzip.destroy(error));
    chunks = file.pipe(gunzip);
  }
  const parser = createRuianParser(() => path);
  try {
    for await (const chunk of chunks) sink(parser.push(chunk));
  } catch (error) {
    if (error instanceof RuianFormatError) throw error;
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  sink(parser.finish());
  return parser.files;
}

async function readArchive(archive: string, sink: PointSink): Promise<number> {
  // -v lists each member on stderr before its bytes reach stdout; the names serve error messages.
  const tar = spawn('tar', ['-xJvOf', archive, '--wildcards', '*_ADR.csv'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  tar.stderr.setEncoding('utf8').on('data', (text: string) => {
    if (log.length < 4_000_000) log += text;
  });
  // Settles with the exit code, or the error when tar could not run, so it never rejects unobserved.
  const exited = new Promise<number | null | Error>((resolve) => {
    tar.on('error', resolve);
    tar.on('close', resolve);
  });
  // Only member names end in _ADR.csv (the wildcard); everything else on stderr is from tar or xz.
  const lines = (names: boolean) =>
    log.split('\n').filter((line) => line !== '' && memberPattern.test(line) === names);
  const member = (index: number) => `${archive} (${lines(true)[index] ?? `member ${index + 1}`})`;
  const parser = createRuianParser(member);
  let failure: unknown = null;
  try {
    for await (const chunk of tar.stdout as AsyncIterable<Uint8Array>) sink(parser.push(chunk));
    sink(parser.finish());
  } catch (error) {
    failure = error;
    tar.kill();
  }
  const code = await exited;
  if (code instanceof Error) throw new Error(`${archive}: cannot run tar (${code.message})`, { cause: code });
  // tar's own failure (a damaged archive, no *_ADR.csv member) explains whatever the parser saw.
  if (code !== 0 && (failure === null || code !== null)) {
    throw new Error(`${archive}: tar ended with code ${code}: ${lines(false).join(' ') || 'no message'}`);
  }
  // The member names are complete only now that tar has ended.
  if (failure instanceof RuianFormatError)
    throw new RuianFormatError(member(failure.fileIndex), failure.fileIndex, failure.reason);
  // What the parser threw, passed on as it was (it need not be an Error).
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (failure !== null) throw failure;
  return parser.files;
}
