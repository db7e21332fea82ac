import QRCode from 'qrcode';

const maxEntries = 1000;
const drawn = new Map<string, Promise<string>>();

/**
 * A QR code as an SVG. The success screen asks for the same return's status again and again,
 * so each code is drawn once and kept, up to a bound: the oldest code is forgotten first.
 */
export function qrSvg(text: string): Promise<string> {
  let svg = drawn.get(text);
  if (!svg) {
    svg = QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
    drawn.set(text, svg);
    svg.catch(() => drawn.delete(text));
    if (drawn.size > maxEntries) drawn.delete(drawn.keys().next().value as string);
  }
  return svg;
}

/** How many codes are kept now (for tests). */
export const qrCacheSize = (): number => drawn.size;
