import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { composeLabelMail, qrContentId, type LabelMailInput } from '../../../carrier/mail/labelMail.ts';
import { labelMailCopy } from '../../../carrier/mail/labelMailCopy.ts';
import { carrierLanguages } from '../../../carrier/languages.ts';

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

/** Decodes the QR code of the PNG the mail carries, as a phone's camera would. */
function readQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

describe('the code of a label-less return in its e-mail', () => {
  it('shows the QR code inline and the SmartPIN in both parts, not only in the PDF', async () => {
    const mail = await composeLabelMail(input());
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

  it('says until which day the code is valid: 14 days from the return, in Czech time', async () => {
    // Created 23:30 on 13 March in Prague: valid until 27 March.
    const text = async (language: LabelMailInput['language']) =>
      (await composeLabelMail(input({ language }))).text;
    expect(await text('cs')).toContain('Kód platí do 27. března 2026.');
    expect(await text('en')).toContain('The code is valid until March 27, 2026.');
    expect(await text('sk')).toContain('Kód platí do 27. marca 2026.');
    expect(await text('pl')).toContain('Kod jest ważny do 27 marca 2026.');
    expect(await text('hu')).toContain('A kód 2026. március 27. napjáig érvényes.');
  });

  it.each(carrierLanguages)('words the code in %s with its own copy', async (language) => {
    const copy = labelMailCopy[language];
    const mail = await composeLabelMail(input({ language }));
    expect(mail.text).toContain(`${copy.codeHeading}: SmartPIN K7Q-2M9`);
    expect(mail.html).toContain(`alt="${copy.qrAlt('K7Q-2M9')}"`);
  });

  it('leaves a printed label e-mail as it was: the PDF, no code', async () => {
    const mail = await composeLabelMail(input({ labelless: false, smartPin: undefined }));
    expect(mail.attachments).toHaveLength(1);
    expect(mail.html).not.toContain('cid:');
    expect(mail.text).not.toContain('SmartPIN');
  });
});
