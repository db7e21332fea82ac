/**
 * The machine-readable parts of a label, drawn as vector rectangles so they stay sharp at any
 * printer resolution. Each symbol is one filled path, so renderers show no seams between modules.
 */
import QRCode from 'qrcode';
import { encodeCode128 } from './code128.ts';
import { mm, type Box, type Doc } from './labelFit.ts';

// 0.5 mm is exactly 4 dots of a 203 dpi label printer, so every bar prints at the same width.
const barModule = mm(0.5);
// Narrower bars than 0.33 mm are beyond what hand scanners at pick-up points read reliably.
const minBarModule = mm(0.33);
const barQuietModules = 10;
const qrQuietModules = 4;
const minQrSize = mm(35);

/** Draws value as a Code 128 barcode centred in the box (quiet zones included); returns the bars' box. */
export function drawCode128(doc: Doc, value: string, box: Box): Box {
  const widths = encodeCode128(value);
  const modules = widths.reduce((sum, width) => sum + width, 0);
  const module = Math.min(barModule, box.width / (modules + 2 * barQuietModules));
  if (module < minBarModule) {
    throw new Error(`The barcode for ${value} needs ${modules} modules and does not fit the label.`);
  }
  const left = box.x + (box.width - modules * module) / 2;
  let x = left;
  widths.forEach((width, index) => {
    // Even positions are bars, odd positions are the spaces between them.
    if (index % 2 === 0) doc.rect(x, box.y, width * module, box.height);
    x += width * module;
  });
  doc.fillColor('black').fill();
  return { x: left, y: box.y, width: modules * module, height: box.height };
}

/** Draws payload as a QR code (level M) filling the square box, quiet zone included. */
export function drawQrCode(doc: Doc, payload: string, box: Box): void {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const module = Math.min(box.width, box.height) / (modules.size + 2 * qrQuietModules);
  if (module * modules.size < minQrSize) {
    throw new Error(`The QR code would be ${(modules.size * module) / mm(1)} mm wide, less than 35 mm.`);
  }
  const left = box.x + qrQuietModules * module;
  const top = box.y + qrQuietModules * module;
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) doc.rect(left + column * module, top + row * module, module, module);
    }
  }
  doc.fillColor('black').fill();
}
