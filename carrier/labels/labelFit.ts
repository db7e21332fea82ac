/**
 * Text that must stay inside its box on a label: a block of lines shrinks as a whole, each line
 * wraps up to its own limit, and only text too long even at the smallest size is cut with an
 * ellipsis. Printed text stays real, selectable text.
 */
export type Doc = PDFKit.PDFDocument;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TextLine {
  text: string;
  /** Font size in points at full scale. */
  size: number;
  bold?: boolean;
  /** How many lines the text may wrap to; 1 unless given. */
  maxLines?: number;
  /** Space above the line in points at full scale. */
  gap?: number;
}

export const regularFont = 'DejaVuSans';
export const boldFont = 'DejaVuSans-Bold';

/** Points per millimetre. */
export const mm = (millimetres: number): number => (millimetres * 72) / 25.4;

// Below 60 % a 9 pt address line would drop under 5.5 pt, too small to read at a counter; no
// text, not even a caption, goes under 5 pt.
const minScale = 0.6;
const minSize = 5;
const scaleStep = 0.05;

function measure(doc: Doc, line: TextLine, scale: number, width: number) {
  doc.font(line.bold ? boldFont : regularFont).fontSize(Math.max(line.size * scale, minSize));
  const lineHeight = doc.currentLineHeight(true);
  const lines = Math.round(doc.heightOfString(line.text, { width, lineGap: 0 }) / lineHeight);
  return { lines, lineHeight, gap: (line.gap ?? 0) * scale };
}

/** Draws the lines top-down in the box at the largest scale at which all fit; returns the height used. */
export function drawFitted(
  doc: Doc,
  lines: TextLine[],
  box: Box,
  align: 'left' | 'center' | 'right' = 'left',
): number {
  let scale = 1;
  for (; scale > minScale; scale -= scaleStep) {
    const sizes = lines.map((line) => ({
      ...measure(doc, line, scale, box.width),
      limit: line.maxLines ?? 1,
    }));
    const fits = sizes.every((size) => size.lines <= size.limit);
    const height = sizes.reduce((sum, size) => sum + size.gap + size.lines * size.lineHeight, 0);
    if (fits && height <= box.height) break;
  }
  scale = Math.max(scale, minScale);
  let y = box.y;
  for (const line of lines) {
    const { lineHeight, gap } = measure(doc, line, scale, box.width);
    y += gap;
    // The height limit makes pdfkit stop (with an ellipsis) rather than run past the box.
    const height = Math.min((line.maxLines ?? 1) * lineHeight, box.y + box.height - y);
    if (height < lineHeight) break;
    doc.text(line.text, box.x, y, {
      width: box.width,
      height: height + 0.01,
      ellipsis: true,
      lineGap: 0,
      align,
    });
    y = doc.y;
  }
  return y - box.y;
}
