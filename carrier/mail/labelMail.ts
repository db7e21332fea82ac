import type { Handover } from '../labels/labelTexts.ts';
import QRCode from 'qrcode';
import { smartPinPayload, smartPinValidUntil } from '../labels/smartPin.ts';
import type { AccessPoint } from '@parcel-returns/contract';
import { escapeHtml } from './html.ts';
import { placesBlock } from './placesBlock.ts';
import { labelMailCopy, type LabelMailCopy, type MailLanguage } from './labelMailCopy.ts';
import { mailDate } from './mailDates.ts';
import {
  footerParagraph,
  mailDocument,
  paragraph,
  summaryTable,
  summaryText,
  type ComposedMail,
} from './mailLayout.ts';

export interface LabelMailInput {
  language: MailLanguage;
  to: string;
  senderName: string;
  shipmentNumber: string;
  labelless: boolean;
  smartPin?: string | undefined;
  handover: Handover;
  /** When the return was created: a label-less return's code is valid from then on for a while. */
  createdAt: Date;
  pdf: Buffer;
  filename: string;
  /** The places nearest to the sender that take this return, for a return to a pick-up point. */
  places?: readonly AccessPoint[] | undefined;
}

export type LabelMail = ComposedMail;

/** The content id of the QR code shown in a label-less return's e-mail. */
export const qrContentId = 'smartpin-qr@carrier';

/**
 * A label-less return's code in the body of its e-mail: the QR code as an inline image and the
 * SmartPIN as text, with the day it stops being valid, so the sender needs no PDF at the counter.
 */
async function codeBlock(input: LabelMailInput & { smartPin: string }, copy: LabelMailCopy) {
  const validity = copy.codeValidUntil(
    mailDate(input.language, smartPinValidUntil(input.createdAt.getTime())),
  );
  // A PNG, which mail clients show inline where they would not show SVG; level M as on the label.
  const png = await QRCode.toBuffer(smartPinPayload(input.smartPin, input.shipmentNumber), {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    scale: 5,
  });
  // The image's width, from its header (IHDR, the PNG's first chunk).
  const side = png.readUInt32BE(16);
  const image = `<img src="cid:${qrContentId}" width="${side}" height="${side}" alt="${escapeHtml(copy.qrAlt(input.smartPin))}" style="display:block;margin:0 0 8px">`;
  return {
    text: [`${copy.codeHeading}: SmartPIN ${input.smartPin}`, validity],
    html: [
      `<h2 style="margin:0 0 8px;font-size:18px">${escapeHtml(copy.codeHeading)}</h2>`,
      image,
      paragraph(`SmartPIN ${input.smartPin}`, 'font-weight:bold;font-size:28px;letter-spacing:2px'),
      paragraph(validity),
    ],
    attachment: { filename: 'smartpin-qr.png', content: png, contentType: 'image/png', cid: qrContentId },
  };
}

/** The e-mail that carries a return's label or QR code, in the sender's language, as text and HTML. */
export async function composeLabelMail(input: LabelMailInput): Promise<LabelMail> {
  const copy = labelMailCopy[input.language];
  const pin = input.smartPin ? ` (SmartPIN ${input.smartPin})` : '';
  const subject = copy.subject(input.labelless, input.shipmentNumber);
  const instruction = input.labelless ? copy.showQr[input.handover](pin) : copy.printLabel;
  const intro = [copy.greeting(input.senderName), copy.created(input.labelless)];
  // The size limit only matters where the sender carries the parcel in.
  const handover = [copy.handover[input.handover]];
  if (input.handover === 'pickupPoint') handover.push(copy.sizeNote);
  const summary: [string, string][] = [
    [copy.summary.shipmentNumber, input.shipmentNumber],
    [copy.summary.sender, input.senderName],
    [copy.summary.handover, copy.handoverName[input.handover]],
  ];
  const code =
    input.labelless && input.smartPin
      ? await codeBlock({ ...input, smartPin: input.smartPin }, copy)
      : undefined;

  const places = placesBlock(input.places ?? [], input.language, copy.places);

  const text = [
    ...intro,
    instruction,
    ...(code?.text ?? []),
    ...handover,
    ...places.text,
    summaryText(summary),
    copy.footer,
  ].join('\n\n');
  const html = mailDocument(input.language, subject, [
    ...intro.map((value) => paragraph(value)),
    paragraph(instruction, 'font-weight:bold;font-size:18px'),
    ...(code?.html ?? []),
    ...handover.map((value) => paragraph(value)),
    ...places.html,
    summaryTable(summary),
    footerParagraph(copy.footer),
  ]);
  const pdf = { filename: input.filename, content: input.pdf, contentType: 'application/pdf' };
  return { subject, text, html, attachments: code ? [pdf, code.attachment] : [pdf] };
}
