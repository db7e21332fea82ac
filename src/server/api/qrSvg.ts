import QRCode from 'qrcode';

/** Draws one QR code as an SVG document. */
export type DrawQr = (text: string) => Promise<string>;

const drawSvg: DrawQr = (text) =>
  QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });

/**
 * A QR drawer that keeps what it drew. The success screen asks for the same return's status
 * again and again, so each code is drawn once and kept, up to `maxEntries`: the oldest code is
 * forgotten first, and a failed drawing is not kept. Each drawer has its own codes.
 */
export function createQrSvg({
  draw = drawSvg,
  maxEntries = 1000,
}: { draw?: DrawQr; maxEntries?: number } = {}) {
  const drawn = new Map<string, Promise<string>>();
  return function qrSvg(text: string): Promise<string> {
    let svg = drawn.get(text);
    if (!svg) {
      svg = draw(text);
      drawn.set(text, svg);
      svg.catch(() => drawn.delete(text));
      if (drawn.size > maxEntries) drawn.delete(drawn.keys().next().value as string);
    }
    return svg;
  };
}

/** The site's QR codes, shared by the status endpoint and the sent page of a form without scripts. */
export const qrSvg = createQrSvg();
