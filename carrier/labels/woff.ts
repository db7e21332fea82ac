/**
 * Unpacks a WOFF 1.0 font into the plain TrueType/OpenType file it wraps. pdfkit reads WOFF too,
 * but re-inflates its tables on every access, which made one label take seconds; unpacked once,
 * the same font takes milliseconds per label.
 */
import { inflateSync } from 'node:zlib';

const woffSignature = 0x774f4646; // 'wOFF'
const woffHeaderSize = 44;
const woffEntrySize = 20;
const sfntEntrySize = 16;

const align4 = (length: number) => (length + 3) & ~3;

/** Returns the sfnt (TTF/OTF) bytes inside a WOFF 1.0 file. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < woffHeaderSize || woff.readUInt32BE(0) !== woffSignature) {
    throw new Error('The font is not a WOFF 1.0 file.');
  }
  const tableCount = woff.readUInt16BE(12);
  const tables = Array.from({ length: tableCount }, (_, index) => {
    const entry = woffHeaderSize + index * woffEntrySize;
    const [tag, offset, packedLength, length, checksum] = [0, 4, 8, 12, 16].map((field) =>
      woff.readUInt32BE(entry + field),
    ) as [number, number, number, number, number];
    const packed = woff.subarray(offset, offset + packedLength);
    const data = packedLength < length ? inflateSync(packed) : packed;
    if (data.length !== length) throw new Error('A table of the WOFF font has the wrong length.');
    return { tag, checksum, data };
  });

  const directorySize = 12 + tableCount * sfntEntrySize;
  const size = tables.reduce((sum, table) => sum + align4(table.data.length), directorySize);
  const sfnt = Buffer.alloc(size);
  // The binary-search fields of the sfnt header, as the OpenType specification defines them.
  const power = 2 ** Math.floor(Math.log2(tableCount));
  sfnt.writeUInt32BE(woff.readUInt32BE(4), 0);
  sfnt.writeUInt16BE(tableCount, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(tableCount * 16 - power * 16, 10);
  let offset = directorySize;
  tables.forEach((table, index) => {
    const entry = 12 + index * sfntEntrySize;
    sfnt.writeUInt32BE(table.tag, entry);
    sfnt.writeUInt32BE(table.checksum, entry + 4);
    sfnt.writeUInt32BE(offset, entry + 8);
    sfnt.writeUInt32BE(table.data.length, entry + 12);
    table.data.copy(sfnt, offset);
    offset += align4(table.data.length);
  });
  return sfnt;
}
