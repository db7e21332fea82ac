/**
 * The label-less return (100 × 150 mm): nothing is stuck on the parcel, the sender shows this page
 * (printed or on a phone) and staff scan the QR code or type the SmartPIN. So the QR code and the
 * PIN dominate; addresses are there for the sender to check, hence small.
 */
import { drawFitted, mm, type Doc } from './labelFit.ts';
import {
  block,
  drawCells,
  drawHeader,
  drawRule,
  innerWidth,
  labelWidth,
  margin,
  partyLines,
} from './labelParts.ts';
import type { LabelInput } from './labelPdf.ts';
import { smartPinPayload } from './smartPin.ts';
import { drawQrCode } from './labelSymbols.ts';
import type { LabelTexts } from './labelTexts.ts';

/** Draws the label-less return at the origin of the current coordinate system. */
export function drawLabellessLabel(
  doc: Doc,
  input: LabelInput & { smartPin: string },
  texts: LabelTexts,
  date: string,
): void {
  drawHeader(doc, texts.labellessBadge);
  const instruction = { text: texts.codeInstruction[input.handover], size: 12.5, bold: true, maxLines: 2 };
  drawFitted(doc, [instruction], block(14, 24.5), 'center');

  // 50 mm keeps the symbol above 35 mm even for a long PIN, and leaves room for the addresses.
  const qrSize = mm(50);
  const qrBox = { x: (labelWidth - qrSize) / 2, y: mm(24.5), width: qrSize, height: qrSize };
  drawQrCode(doc, smartPinPayload(input.smartPin, input.shipmentNumber), qrBox);
  const pin = [
    { text: texts.smartPin, size: 8 },
    { text: input.smartPin, size: 30, bold: true },
    { text: `${texts.shipmentNumber}: ${input.shipmentNumber}`, size: 10, gap: 1 },
  ];
  drawFitted(doc, pin, block(75, 96.5), 'center');
  drawRule(doc, mm(97.5));

  const half = { width: innerWidth / 2 - mm(2), y: mm(99), height: mm(35.5) };
  drawFitted(doc, partyLines(texts.recipient, input.recipient, texts, false), { ...half, x: margin });
  const right = { ...half, x: margin + innerWidth / 2 + mm(2) };
  drawFitted(doc, partyLines(texts.sender, input.sender, texts, false), right);
  drawRule(doc, mm(135.5));

  const cells = [
    { caption: texts.handover, value: texts.handoverMethod[input.handover] },
    { caption: texts.created, value: date },
  ];
  if (input.customerReference) {
    cells.push({ caption: texts.customerReference, value: input.customerReference });
  }
  drawCells(doc, cells, block(137, 146));
}
