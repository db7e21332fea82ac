/** Pieces both label variants are built from: the header band, address blocks and caption cells. */
import { boldFont, drawFitted, mm, regularFont, type Box, type Doc, type TextLine } from './labelFit.ts';
import { carrierName, type LabelTexts } from './labelTexts.ts';
import type { LabelParty } from './labelPdf.ts';

/** Width and height of the label itself, in points (100 × 150 mm, the A6-sized carrier standard). */
export const labelWidth = mm(100);
export const labelHeight = mm(150);
export const margin = mm(4);
export const innerWidth = labelWidth - 2 * margin;

/** The full-width box between two distances from the label's top edge, given in millimetres. */
export const block = (top: number, bottom: number): Box => ({
  x: margin,
  y: mm(top),
  width: innerWidth,
  height: mm(bottom - top),
});

/** The black band on top: carrier name left, what kind of label this is right. */
export function drawHeader(doc: Doc, badge: string): void {
  doc.rect(0, 0, labelWidth, mm(12)).fill('black');
  doc.fillColor('white');
  doc.font(boldFont).fontSize(20).text(carrierName, margin, mm(2.4), { lineBreak: false });
  const badgeLeft = margin + doc.widthOfString(carrierName) + mm(4);
  const badgeBox = { x: badgeLeft, y: mm(3.6), width: labelWidth - margin - badgeLeft, height: mm(5) };
  drawFitted(doc, [{ text: badge, size: 12, bold: true }], badgeBox, 'right');
  doc.fillColor('black');
}

/** A thin full-width rule between the blocks of a label. */
export function drawRule(doc: Doc, y: number): void {
  doc
    .moveTo(margin, y)
    .lineTo(labelWidth - margin, y)
    .lineWidth(0.8)
    .strokeColor('black')
    .stroke();
}

/** The country's name in the label language, upper-cased as postal addresses print it. */
function countryLine(country: string, locale: string): string {
  if (!/^[A-Z]{2}$/.test(country)) return country.toLocaleUpperCase(locale);
  const name = new Intl.DisplayNames([locale], { type: 'region' }).of(country) ?? country;
  return name.toLocaleUpperCase(locale);
}

/** An address block; the recipient's is large because sorting staff read it from arm's length. */
export function partyLines(
  caption: string,
  party: LabelParty,
  texts: LabelTexts,
  prominent: boolean,
): TextLine[] {
  const [name, street, city, country] = prominent ? [19, 15, 19, 12] : [9.5, 9, 9.5, 8];
  // Generous line limits only matter for long addresses, which would otherwise lose their end;
  // a narrow block (the label-less variant's columns) needs more lines for the same text.
  const wrap = prominent ? 3 : 4;
  const lines: TextLine[] = [
    { text: caption, size: 7.5 },
    { text: party.name, size: name, bold: true, maxLines: wrap, gap: 1 },
    { text: party.street, size: street, maxLines: wrap },
    { text: `${party.zipCode}  ${party.city}`, size: city, bold: true, maxLines: wrap - 1 },
    { text: countryLine(party.country, texts.locale), size: country, bold: prominent },
  ];
  if (party.phone) lines.push({ text: `${texts.phone} ${party.phone}`, size: 8, gap: 1 });
  if (party.email) lines.push({ text: party.email, size: 8, maxLines: 2, gap: party.phone ? 0 : 1 });
  return lines;
}

const cellGap = mm(3);

/** Caption-over-value cells side by side, each as wide as its text needs, e.g. hand-over and reference. */
export function drawCells(doc: Doc, cells: { caption: string; value: string }[], box: Box): void {
  const measured = cells.map((cell) => {
    const caption = doc.font(regularFont).fontSize(7.5).widthOfString(cell.caption);
    const value = doc.font(boldFont).fontSize(11).widthOfString(cell.value);
    return { ...cell, natural: Math.max(caption, value) + cellGap };
  });
  const total = measured.reduce((sum, cell) => sum + cell.natural, 0);
  // Spare room is shared out equally; when there is none, every cell gives up the same share.
  const widthOf = (natural: number) =>
    total <= box.width ? natural + (box.width - total) / cells.length : (natural / total) * box.width;
  let x = box.x;
  for (const cell of measured) {
    const width = widthOf(cell.natural);
    const lines = [
      { text: cell.caption, size: 7.5 },
      { text: cell.value, size: 11, bold: true, maxLines: 2, gap: 0.5 },
    ];
    drawFitted(doc, lines, { ...box, x, width: width - cellGap });
    x += width;
  }
}
