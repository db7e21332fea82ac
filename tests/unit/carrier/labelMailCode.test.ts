import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { composeLabelMail, qrContentId, type LabelMailInput } from '../../../carrier/mail/labelMail.ts';
import { labelMailCopy } from '../../../carrier/mail/labelMailCopy.ts';
import { locales } from '../../../src/lib/locales.ts';

const input = (overrides: Partial<LabelMailInput> = {}): LabelMailInput => ({
  language: 'cs',
  to: 'jana.novakova@example.cz',
  senderName: 'Jana Nováková',
  shipmentNumber: '10000000000017',
  labelless: true,
  smartPin: 'K7Q-2M9',
  handover: 'pickupPoint',
  createdAt: new Date('2026-03-13T22:30:00Z'),
  pdf: Buffer.from('%PDF-1.7\n%%EOF\n'),
  filename: 'return-qr-10000000000017.pdf',
  ...overrides,
});

/** Reads the grayscale PNG the mail carries (one IDAT, no filters) and decodes its QR code. */
function readQr(png: Buffer): string | undefined {
  const width = png.readUInt32BE(16);
  expect(png.subarray(24, 26)).toEqual(Buffer.from([8, 0])); // 8-bit grayscale
  const idat = png.indexOf('IDAT');
  const rows = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
  const rgba = new Uint8ClampedArray(width * width * 4);
  for (let y = 0; y < width; y++) {
    expect(rows[y * (width + 1)]).toBe(0);
    for (let x = 0; x < width; x++) {
      const value = rows[y * (width + 1) + 1 + x]!;
      rgba.set([value, value, value, 255], (y * width + x) * 4);
    }
  }
  return jsQR(rgba, width, width)?.data;
}

describe('the code of a label-less return in its e-mail', () => {
  it('shows the QR code inline and the SmartPIN in both parts, not only in the PDF', () => {
    const mail = composeLabelMail(input());
    const image = mail.attachments.find((attachment) => attachment.cid === qrContentId)!;
    expect(image).toMatchObject({ contentType: 'image/png', filename: 'smartpin-qr.png' });
    expect(readQr(image.content)).toBe('SMARTPIN:K7Q-2M9;SHIPMENT:10000000000017');
    expect(mail.html).toMatch(
      new RegExp(
        `<img src="cid:${qrContentId}" width="(\\d+)" height="\\1" alt="QR kód zásilky se SmartPINem K7Q-2M9"`,
      ),
    );
    expect(mail.html).toContain('SmartPIN K7Q-2M9</p>');
    expect(mail.text).toContain('Váš kód pro předání zásilky: SmartPIN K7Q-2M9');
    expect(mail.attachments.map((attachment) => attachment.contentType)).toEqual([
      'application/pdf',
      'image/png',
    ]);
  });

  it('says until which day the code is valid: 14 days from the return, in Czech time', () => {
    // Created 23:30 on 13 March in Prague: valid until 27 March.
    const text = (language: LabelMailInput['language']) => composeLabelMail(input({ language })).text;
    expect(text('cs')).toContain('Kód platí do 27. března 2026.');
    expect(text('en')).toContain('The code is valid until March 27, 2026.');
    expect(text('sk')).toContain('Kód platí do 27. marca 2026.');
    expect(text('pl')).toContain('Kod jest ważny do 27 marca 2026.');
    expect(text('hu')).toContain('A kód 2026. március 27. napjáig érvényes.');
  });

  it.each(locales)('words the code in %s with its own copy', (language) => {
    const copy = labelMailCopy[language];
    const mail = composeLabelMail(input({ language }));
    expect(mail.text).toContain(`${copy.codeHeading}: SmartPIN K7Q-2M9`);
    expect(mail.html).toContain(`alt="${copy.qrAlt('K7Q-2M9')}"`);
  });

  it('leaves a printed label e-mail as it was: the PDF, no code', () => {
    const mail = composeLabelMail(input({ labelless: false, smartPin: undefined }));
    expect(mail.attachments).toHaveLength(1);
    expect(mail.html).not.toContain('cid:');
    expect(mail.text).not.toContain('SmartPIN');
  });
});
