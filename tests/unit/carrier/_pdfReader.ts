/**
 * Reads rendered labels back the way a viewer and a scanner would: text and metadata through
 * pdf.js, barcode and QR code from the rectangles in the page's content stream.
 */
import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { decodeCode128 } from '../../../carrier/labels/code128.ts';

export interface TextItem {
  text: string;
  x: number;
  /** Baseline, measured from the bottom of the page as PDF does. */
  y: number;
  width: number;
  height: number;
}

/** Page size, text items and document information of a one-or-more-page PDF. */
export async function readPdf(pdf: Buffer) {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: VerbosityLevel.ERRORS }).promise;
  const page = await document.getPage(1);
  const [, , width = 0, height = 0] = page.view;
  const content = await page.getTextContent();
  const items: TextItem[] = content.items.flatMap((item) =>
    'str' in item && item.str.trim() !== ''
      ? [
          {
            text: item.str,
            x: item.transform[4] as number,
            y: item.transform[5] as number,
            width: item.width,
            height: item.height,
          },
        ]
      : [],
  );
  const metadata = await document.getMetadata();
  const info: Record<string, unknown> = Object.fromEntries(Object.entries(metadata.info));
  const pages = document.numPages;
  await document.destroy();
  return { pages, width, height, items, text: items.map((item) => item.text).join(' '), info };
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every `re` operator of the page content, in pdfkit's top-left coordinates. */
export function contentRects(pdf: Buffer): Rect[] {
  const raw = pdf.toString('latin1');
  const rects: Rect[] = [];
  for (const match of raw.matchAll(/<<([^<>]*)>>\s*stream\r?\n/g)) {
    const dictionary = match[1]!;
    // Page content streams carry only Length and Filter; fonts and images carry more.
    if (/\/(Subtype|Type|Length1)\b/.test(dictionary)) continue;
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
    const start = match.index + match[0].length;
    const bytes = pdf.subarray(start, start + length);
    const content = (dictionary.includes('/FlateDecode') ? inflateSync(bytes) : bytes).toString('latin1');
    for (const op of content.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\b/g)) {
      const [x, y, width, height] = op.slice(1, 5).map(Number) as [number, number, number, number];
      rects.push({ x, y, width, height });
    }
  }
  return rects;
}

/** The bars: the largest group of rectangles sharing one top edge and one height of at least 15 mm. */
export function barcodeBars(rects: Rect[]): Rect[] {
  const groups = Map.groupBy(
    rects.filter((rect) => rect.height >= (15 * 72) / 25.4),
    (rect) => `${rect.y}/${rect.height}`,
  );
  const bars = [...groups.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  return bars.sort((a, b) => a.x - b.x);
}

/** Turns bar positions into module widths and decodes them as Code 128. */
export function readBarcode(bars: Rect[]): { value: string; module: number } {
  const edges = bars.flatMap((bar, index) => {
    const next = bars[index + 1];
    return next ? [bar.width, next.x - (bar.x + bar.width)] : [bar.width];
  });
  const module = Math.min(...edges);
  return { value: decodeCode128(edges.map((width) => Math.round(width / module))), module };
}

/** The QR modules: the most frequent square size among the rectangles. */
export function qrModules(rects: Rect[]): Rect[] {
  const squares = rects.filter((rect) => Math.abs(rect.width - rect.height) < 1e-3);
  const groups = Map.groupBy(squares, (rect) => rect.width.toFixed(3));
  return [...groups.values()].sort((a, b) => b.length - a.length)[0] ?? [];
}

/** Rasterises QR modules (4 px each, 4-module quiet zone) and decodes them with jsQR. */
export function readQr(modules: Rect[]): { value: string | undefined; size: number; module: number } {
  const module = modules[0]?.width ?? 1;
  const left = Math.min(...modules.map((rect) => rect.x));
  const top = Math.min(...modules.map((rect) => rect.y));
  const cells = modules.map((rect) => [
    Math.round((rect.x - left) / module),
    Math.round((rect.y - top) / module),
  ]);
  const count = Math.max(...cells.flat()) + 1;
  const scale = 4;
  const side = (count + 8) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [column = 0, row = 0] of cells) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const at = (((row + 4) * scale + dy) * side + (column + 4) * scale + dx) * 4;
        pixels.fill(0, at, at + 3);
      }
    }
  }
  return { value: jsQR(pixels, side, side)?.data, size: count * module, module };
}
