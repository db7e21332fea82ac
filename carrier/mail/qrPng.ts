import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

/**
 * A QR code as a small grayscale PNG, for the body of an e-mail: mail clients show a PNG inline
 * where they would not show SVG. Written here in a few lines, since a PNG of black and white
 * squares needs no image library.
 */

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const quietModules = 4;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** `payload` as a QR code (level M, quiet zone included), `modulePx` pixels a module; also its side. */
export function qrCodePng(payload: string, modulePx = 5): { png: Buffer; side: number } {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 2 * quietModules) * modulePx;
  // Each row is a filter byte (0: none) and one byte per pixel, white unless its module is dark.
  const rows = Buffer.alloc((side + 1) * side, 255);
  for (let y = 0; y < side; y++) {
    rows[y * (side + 1)] = 0;
    const row = Math.floor(y / modulePx) - quietModules;
    for (let x = 0; x < side; x++) {
      const column = Math.floor(x / modulePx) - quietModules;
      const inside = row >= 0 && column >= 0 && row < modules.size && column < modules.size;
      if (inside && modules.get(row, column)) rows[y * (side + 1) + 1 + x] = 0;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit grayscale, deflate, no filter method, no interlace
  const png = Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { png, side };
}
