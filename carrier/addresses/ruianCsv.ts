/**
 * A streaming parser of ČÚZK's RÚIAN address-point CSV ("adresní místa"): Windows-1250, ';'-separated,
 * one header line, no quoting (see shared/data/ruian/README.md). It takes raw bytes in any chunking,
 * also several files one after another (what `tar -xJOf` writes), where every header starts a new file.
 *
 * Decisions:
 * - A village without street names gets the name of its part (`Název části obce`) as its street,
 *   as the address is written there ('Filipova Huť 33').
 * - `houseNumber` is the bare number; `evidence` marks a číslo evidenční (`Typ SO` = `č.ev.`), which
 *   {@link formatHouseNumber} writes as 'č.ev. 14', the form RÚIAN itself uses, so it is never mistaken
 *   for the číslo popisné 14 of the same street.
 * - Any row that breaks the format stops the import with the file and line, rather than importing a
 *   half-understood file.
 */

export const ruianHeader =
  'Kód ADM;Kód obce;Název obce;Kód MOMC;Název MOMC;Kód obvodu Prahy;Název obvodu Prahy;Kód části obce;' +
  'Název části obce;Kód ulice;Název ulice;Typ SO;Číslo domovní;Číslo orientační;' +
  'Znak čísla orientačního;PSČ;Souřadnice Y;Souřadnice X;Platí Od';

const columnCount = 19;

export interface AddressPoint {
  /** `Kód ADM`, unique per address point. */
  code: number;
  street: string;
  /** The digits of `Číslo domovní`. */
  houseNumber: string;
  evidence: boolean;
  /** `Číslo orientační` with its letter ('1', '1a'), or null. */
  referenceNumber: string | null;
  zipCode: string;
  city: string;
  /** `Kód obce`, the municipality's code. */
  municipality: number;
  /** `Souřadnice Y` and `Souřadnice X` in S-JTSK (EPSG:5514 with both signs flipped), metres; null when absent. */
  sjtsk: { y: number; x: number } | null;
}

/** A source that is not in the RÚIAN format; the message names the file and, for rows, the line. */
export class RuianFormatError extends Error {
  readonly fileIndex: number;
  readonly reason: string;
  constructor(fileName: string, fileIndex: number, reason: string) {
    super(`${fileName}: ${reason}`);
    this.name = 'RuianFormatError';
    this.fileIndex = fileIndex;
    this.reason = reason;
  }
}

/** The house number as an address shows it: '12', or 'č.ev. 14' for an evidence number. */
export function formatHouseNumber(houseNumber: string, evidence: boolean): string {
  return evidence ? `č.ev. ${houseNumber}` : houseNumber;
}

export interface RuianParser {
  /** Feeds the next chunk of bytes; returns the address points of the lines it completed. */
  push(chunk: Uint8Array): AddressPoint[];
  /** Ends the input; returns the points of a last line without a newline. */
  finish(): AddressPoint[];
  /** How many files (headers) have been seen so far. */
  readonly files: number;
}

/** Creates a parser; `fileName(index)` names the index-th file (0-based) in error messages. */
export function createRuianParser(fileName: (fileIndex: number) => string): RuianParser {
  const decoder = new TextDecoder('windows-1250');
  let rest = '';
  let files = 0;
  let line = 0;

  const fail = (fileIndex: number, reason: string): never => {
    throw new RuianFormatError(fileName(fileIndex), fileIndex, reason);
  };

  const readLine = (text: string, points: AddressPoint[]): void => {
    const row = text.endsWith('\r') ? text.slice(0, -1) : text;
    line += 1;
    if (row === ruianHeader) {
      files += 1;
      line = 1;
      return;
    }
    if (row === '' && files > 0) return;
    // A line that does not open with a numeric code can only be a header: a wrong one, of the next file.
    if (files === 0 || !/^\d/.test(row)) {
      const expected = `the ČÚZK header in Windows-1250 (${ruianHeader.slice(0, 40)}…)`;
      fail(files, `not a RÚIAN address-point CSV: expected ${expected}, found "${row.slice(0, 60)}"`);
    }
    points.push(parseRow(row.split(';'), (reason) => fail(files - 1, `line ${line}: ${reason}`)));
  };

  const readText = (text: string): AddressPoint[] => {
    const points: AddressPoint[] = [];
    const lines = (rest + text).split('\n');
    rest = lines.pop() ?? '';
    for (const each of lines) readLine(each, points);
    return points;
  };

  return {
    push: (chunk) => readText(decoder.decode(chunk, { stream: true })),
    finish: () => {
      const points = readText(decoder.decode());
      if (rest !== '') readLine(rest, points);
      rest = '';
      if (files === 0) fail(0, 'empty file: expected the ČÚZK header of the RÚIAN address-point CSV');
      return points;
    },
    get files() {
      return files;
    },
  };
}

function parseRow(fields: string[], fail: (reason: string) => never): AddressPoint {
  if (fields.length !== columnCount)
    fail(`expected ${columnCount} fields separated by ';', found ${fields.length}`);
  const at = (column: number): string => fields[column] ?? '';
  const code = at(0);
  const city = at(2);
  const type = at(11);
  const house = at(12);
  const reference = at(13);
  const zip = at(15);
  if (!/^\d+$/.test(code)) fail(`Kód ADM "${code}" is not a number`);
  if (type !== 'č.p.' && type !== 'č.ev.') fail(`Typ SO "${type}" is neither č.p. nor č.ev.`);
  if (!/^\d+$/.test(house)) fail(`Číslo domovní "${house}" is not a number`);
  if (!/^\d*$/.test(reference)) fail(`Číslo orientační "${reference}" is not a number`);
  if (!/^\d{5}$/.test(zip)) fail(`PSČ "${zip}" does not have 5 digits`);
  const y = at(16);
  const x = at(17);
  const coordinate = /^\d+(\.\d+)?$/;
  if ((y !== '' || x !== '') && !(coordinate.test(y) && coordinate.test(x)))
    fail(`Souřadnice Y;X "${y};${x}" are not two numbers`);
  // Villages without street names are addressed by the part of the municipality.
  const street = at(10) || at(8);
  if (street === '' || city === '')
    fail('the address has no street, part of municipality or municipality name');
  return {
    code: Number(code),
    street,
    houseNumber: house,
    evidence: type === 'č.ev.',
    referenceNumber: reference === '' ? null : reference + at(14),
    zipCode: zip,
    city,
    municipality: Number(at(1)),
    sjtsk: y === '' ? null : { y: Number(y), x: Number(x) },
  };
}
