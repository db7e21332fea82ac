/**
 * The printed label (100 × 150 mm), top to bottom: header band, sender, the recipient large,
 * hand-over and reference, the shipment barcode, what to do with the label. Every block has a
 * fixed box, so a long address shrinks inside its own block and never pushes the barcode.
 */
import { drawFitted, mm, type Doc } from './labelFit.ts';
import { block, drawCells, drawHeader, drawRule, partyLines } from './labelParts.ts';
import type { LabelInput } from './labelPdf.ts';
import { drawCode128 } from './labelSymbols.ts';
import type { LabelTexts } from './labelTexts.ts';

/** Draws the printed return label at the origin of the current coordinate system. */
export function drawPrintedLabel(doc: Doc, input: LabelInput, texts: LabelTexts, date: string): void {
  drawHeader(doc, texts.returnBadge);
  drawFitted(doc, partyLines(texts.sender, input.sender, texts, false), block(14, 37));
  drawRule(doc, mm(38.5));
  drawFitted(doc, partyLines(texts.recipient, input.recipient, texts, true), block(40, 82));
  drawRule(doc, mm(83.5));

  const cells = [{ caption: texts.handover, value: texts.handoverMethod[input.handover] }];
  if (input.customerReference) {
    cells.push({ caption: texts.customerReference, value: input.customerReference });
  }
  drawCells(doc, cells, block(85, 95));

  drawFitted(doc, [{ text: texts.shipmentNumber, size: 7.5 }], block(95.8, 99), 'center');
  const bars = drawCode128(doc, input.shipmentNumber, block(99.5, 122));
  const number = { x: bars.x, y: mm(122.8), width: bars.width, height: mm(6.5) };
  drawFitted(doc, [{ text: input.shipmentNumber, size: 15, bold: true }], number, 'center');
  drawRule(doc, mm(130.5));

  const footer = [
    { text: texts.labelInstruction[input.handover], size: 9, bold: true, maxLines: 2 },
    { text: `${texts.created}: ${date}`, size: 7.5, gap: 2 },
  ];
  drawFitted(doc, footer, block(132, 146));
}
