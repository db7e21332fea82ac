/**
 * Code 128 (ISO/IEC 15417) as module widths: every symbol is bar, space, bar, space, bar, space
 * (11 modules), the stop symbol adds a final bar (13 modules). The encoder writes code sets B and C
 * only; the decoder also reads set A and Shift, so it can read what other printers produce.
 */

// Value n is the n-th entry; 103–105 are Start A/B/C, 106 is Stop.
const patterns = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 ' +
  '122231 113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 ' +
  '322112 322211 212123 212321 232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 ' +
  '112133 112331 132131 113123 113321 133121 313121 211331 231131 213113 213311 213131 311123 311321 ' +
  '331121 312113 312311 332111 314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 ' +
  '112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 111242 121142 121241 114212 ' +
  '124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 114311 411113 ' +
  '411311 113141 114131 311141 411131 211412 211214 211232 2331112'
).split(' ');
const valueOfPattern = new Map(patterns.map((pattern, value) => [pattern, value]));

const shift = 98;
const codeC = 99;
const codeB = 100;
const codeA = 101;
const startA = 103;
const startB = 104;
const startC = 105;
const stop = 106;

const isDigitPair = (value: string, at: number) => /^\d\d$/.test(value.slice(at, at + 2));

/**
 * The data symbols with the fewest symbols overall: costB[i] and costC[i] are what the rest from
 * position i costs with set B or set C active, a latch counting as one symbol. Solved backwards,
 * then walked forwards.
 */
function dataSymbols(value: string): { start: number; data: number[] } {
  const n = value.length;
  const costB = new Array<number>(n + 1).fill(0);
  const costC = new Array<number>(n + 1).fill(0);
  const at = (costs: number[], i: number) => costs[i] ?? Infinity;
  // The cost from position i when the next symbol is written in the active set.
  const stay = (inC: boolean, i: number) =>
    inC ? (isDigitPair(value, i) ? 1 + at(costC, i + 2) : Infinity) : 1 + at(costB, i + 1);
  for (let i = n - 1; i >= 0; i--) {
    costB[i] = Math.min(stay(false, i), 1 + stay(true, i));
    costC[i] = Math.min(stay(true, i), 1 + stay(false, i));
  }
  let inC = at(costC, 0) < at(costB, 0);
  const start = inC ? startC : startB;
  const data: number[] = [];
  for (let i = 0; i < n;) {
    if (stay(inC, i) > at(inC ? costC : costB, i)) {
      inC = !inC;
      data.push(inC ? codeC : codeB);
    }
    data.push(inC ? Number(value.slice(i, i + 2)) : value.charCodeAt(i) - 32);
    i += inC ? 2 : 1;
  }
  return { start, data };
}

function widthsOf(symbol: number): number[] {
  const pattern = patterns[symbol];
  if (pattern === undefined) throw new Error(`Code 128: there is no symbol ${symbol}.`);
  return Array.from(pattern, Number);
}

/** Encodes printable ASCII as Code 128 module widths: start, data, checksum (mod 103), stop. */
export function encodeCode128(value: string): number[] {
  if (value.length === 0) throw new Error('Code 128: the value must not be empty.');
  const bad = Array.from(value).find((char) => char < ' ' || char > '~');
  if (bad !== undefined) {
    const code = (bad.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    throw new Error(`Code 128: only printable ASCII can be encoded, not U+${code}.`);
  }
  const { start, data } = dataSymbols(value);
  const checksum = data.reduce((sum, symbol, index) => sum + symbol * (index + 1), start) % 103;
  return [start, ...data, checksum, stop].flatMap(widthsOf);
}

type CodeSet = 'A' | 'B' | 'C';
type Reading = { text: string } | { latch: CodeSet } | { shift: true };

/** Reads one data symbol in a set: the text it stands for, or the set it switches to. */
function readSymbol(set: CodeSet, symbol: number): Reading {
  if (set === 'C') {
    if (symbol < 100) return { text: String(symbol).padStart(2, '0') };
    if (symbol === codeB) return { latch: 'B' };
    if (symbol === codeA) return { latch: 'A' };
  } else {
    const other = set === 'A' ? 'B' : 'A';
    if (symbol < 64) return { text: String.fromCharCode(symbol + 32) };
    if (symbol < 96) return { text: String.fromCharCode(set === 'A' ? symbol - 64 : symbol + 32) };
    if (symbol === shift) return { shift: true };
    if (symbol === codeC) return { latch: 'C' };
    if (symbol === (set === 'A' ? codeB : codeA)) return { latch: other };
  }
  throw new Error(`Code 128: function character ${symbol} in set ${set} is not supported.`);
}

/** Splits module widths into symbol values, checking the stop symbol. */
function symbolsOf(widths: number[]): number[] {
  if (widths.length < 6 * 2 + 7 || (widths.length - 7) % 6 !== 0) {
    throw new Error(`Code 128: ${widths.length} bars and spaces cannot form a symbol.`);
  }
  const symbols: number[] = [];
  for (let at = 0; at < widths.length - 1; at += 6) {
    const pattern = widths.slice(at, at === widths.length - 7 ? at + 7 : at + 6).join('');
    const symbol = valueOfPattern.get(pattern);
    if (symbol === undefined) throw new Error(`Code 128: no symbol has the widths ${pattern}.`);
    symbols.push(symbol);
  }
  if (symbols.at(-1) !== stop) throw new Error('Code 128: the stop symbol is missing.');
  return symbols.slice(0, -1);
}

/** Decodes Code 128 module widths (start to stop, no quiet zones) back into the text. */
export function decodeCode128(widths: number[]): string {
  const [start = -1, ...rest] = symbolsOf(widths);
  const data = rest.slice(0, -1);
  if (start < startA || start > startC) throw new Error('Code 128: the start symbol is missing.');
  const expected = data.reduce((sum, symbol, index) => sum + symbol * (index + 1), start) % 103;
  if (rest.at(-1) !== expected) throw new Error('Code 128: the checksum does not match.');

  let set: CodeSet = start === startA ? 'A' : start === startB ? 'B' : 'C';
  let shifted = false;
  let text = '';
  for (const symbol of data) {
    // Shift reads the next symbol alone in the other of sets A and B.
    const reading = readSymbol(shifted ? (set === 'A' ? 'B' : 'A') : set, symbol);
    shifted = 'shift' in reading;
    if ('text' in reading) text += reading.text;
    if ('latch' in reading) set = reading.latch;
  }
  return text;
}
