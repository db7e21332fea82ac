import { escapeHtml } from './html.ts';
import type { Handover } from '../labels/labelTexts.ts';
import { labelMailCopy, type MailLanguage } from './labelMailCopy.ts';

export interface LabelMailInput {
  language: MailLanguage;
  to: string;
  senderName: string;
  shipmentNumber: string;
  labelless: boolean;
  smartPin?: string | undefined;
  handover: Handover;
  pdf: Buffer;
  filename: string;
}

export interface LabelMail {
  subject: string;
  text: string;
  html: string;
  attachments: [{ filename: string; content: Buffer; contentType: 'application/pdf' }];
}

const font = 'font-family:Arial,Helvetica,sans-serif;color:#1a1a1a';
const cell = 'padding:4px 16px 4px 0;text-align:left;vertical-align:top';

/** The e-mail that carries a return's label or QR code, in the sender's language, as text and HTML. */
export function composeLabelMail(input: LabelMailInput): LabelMail {
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

  const text = [
    ...intro,
    instruction,
    ...handover,
    summary.map(([label, value]) => `${label}: ${value}`).join('\n'),
    copy.footer,
  ].join('\n\n');

  const paragraph = (value: string, style = '') =>
    `<p style="margin:0 0 16px;${style}">${escapeHtml(value)}</p>`;
  const rows = summary
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="${cell}">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="${input.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;line-height:1.5;${font}">
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(subject)}</h1>
${intro.map((value) => paragraph(value)).join('\n')}
${paragraph(instruction, 'font-weight:bold;font-size:18px')}
${handover.map((value) => paragraph(value)).join('\n')}
<table style="margin:0 0 16px;border-collapse:collapse">${rows}</table>
${paragraph(copy.footer, 'color:#555555;font-size:14px')}
</body>
</html>`;

  return {
    subject,
    text,
    html,
    attachments: [{ filename: input.filename, content: input.pdf, contentType: 'application/pdf' }],
  };
}
