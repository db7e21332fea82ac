import { escapeHtml } from './html.ts';
import type { OutgoingAttachment } from './transport.ts';

/**
 * The parts every e-mail of the carrier is made of, as text and as HTML with inline styles (mail
 * clients drop style sheets): paragraphs, a summary table and the page around them.
 */

const font = 'font-family:Arial,Helvetica,sans-serif;color:#1a1a1a';
const cell = 'padding:4px 16px 4px 0;text-align:left;vertical-align:top';

/** One paragraph of escaped text. */
export const paragraph = (value: string, style = ''): string =>
  `<p style="margin:0 0 16px;${style}">${escapeHtml(value)}</p>`;

/** A summary's rows as `label: value` lines for the text part. */
export const summaryText = (rows: readonly [string, string][]): string =>
  rows.map(([label, value]) => `${label}: ${value}`).join('\n');

/** A summary's rows as a table with row headers. */
export function summaryTable(rows: readonly [string, string][]): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="${cell}">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table style="margin:0 0 16px;border-collapse:collapse">${cells}</table>`;
}

/** The automatic-mail footer, set apart. */
export const footerParagraph = (footer: string): string => paragraph(footer, 'color:#555555;font-size:14px');

/** A whole HTML e-mail: its language, the subject as title and heading, and the body's HTML. */
export const mailDocument = (language: string, subject: string, body: readonly string[]): string =>
  `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;line-height:1.5;${font}">
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(subject)}</h1>
${body.join('\n')}
</body>
</html>`;

/** An e-mail ready for the transport: what each composer gives back. */
export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
  attachments: OutgoingAttachment[];
}
