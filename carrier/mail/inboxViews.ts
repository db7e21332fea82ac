import { createHash } from 'node:crypto';
import { escapeHtml } from './html.ts';
import type { CaughtAttachmentInfo, CaughtMail, CaughtMailSummary } from './mailReads.ts';

const css = `body{font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff;max-width:72rem;margin:0 auto;padding:1rem 1.5rem}
table{border-collapse:collapse;width:100%}caption{text-align:left;font-weight:bold;padding:.5rem 0}
th,td{border-bottom:1px solid #b3b3b3;padding:.4rem .6rem;text-align:left;vertical-align:top}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:bold}dd{margin:0}
a{color:#0b57d0}:focus-visible{outline:3px solid #b35c00;outline-offset:2px}
td>ul{margin:0;padding-left:1.25rem}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f5f5f5;border:1px solid #b3b3b3;padding:.75rem}
iframe{width:100%;min-height:32rem;border:1px solid #b3b3b3;background:#fff}`;

/**
 * No scripts anywhere; only this page's own stylesheet. The sandboxed srcdoc frame inherits
 * the policy, so a caught message cannot load images, fonts or anything else: inline style
 * attributes are the one thing it keeps, so a mail still looks roughly as sent.
 */
export const inboxCsp = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(css).digest('base64')}'`,
  "style-src-attr 'unsafe-inline'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const formatDate = (iso: string) =>
  `<time datetime="${iso}">${iso.slice(0, 19).replace('T', ' ')} UTC</time>`;
const formatSize = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`);
const back = '<p><a href="/_mail">Back to all mail</a></p>';

function attachmentLinks(id: number, files: CaughtAttachmentInfo[]): string {
  const items = files.map(
    (file) =>
      `<li><a href="/_mail/${id}/attachments/${file.index}">${escapeHtml(file.filename)}</a>` +
      ` (${escapeHtml(file.contentType)}, ${formatSize(file.size)})</li>`,
  );
  return items.length ? `<ul>${items.join('')}</ul>` : '<p>None.</p>';
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – mail catcher</title><style>${css}</style></head>
<body><main>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body>
</html>`;
}

/** The inbox: a recipient filter and the caught messages, newest first. */
export function renderMailList(mails: CaughtMailSummary[], to: string): string {
  const filter = `<form method="get" action="/_mail" role="search">
<label for="to">Recipient</label> <input id="to" name="to" type="email" value="${escapeHtml(to)}">
<button type="submit">Filter</button>${to ? ' <a href="/_mail">Show all</a>' : ''}</form>`;
  if (mails.length === 0)
    return page('Caught mail', `${filter}<p>No mail${to ? ` to ${escapeHtml(to)}` : ''} yet.</p>`);
  const rows = mails.map(
    (mail) =>
      `<tr><td>${formatDate(mail.receivedAt)}</td><td>${escapeHtml(mail.to.join(', '))}</td>` +
      `<td><a href="/_mail/${mail.id}">${escapeHtml(mail.subject || '(no subject)')}</a></td>` +
      `<td>${attachmentLinks(mail.id, mail.attachments)}</td></tr>`,
  );
  const caption = `${mails.length} message${mails.length === 1 ? '' : 's'}${to ? ` to ${escapeHtml(to)}` : ''}, newest first`;
  return page(
    'Caught mail',
    `${filter}<table><caption>${caption}</caption><thead><tr><th scope="col">Received</th><th scope="col">To</th>` +
      `<th scope="col">Subject</th><th scope="col">Attachments</th></tr></thead><tbody>${rows.join('\n')}</tbody></table>`,
  );
}

/** One message: its headers, attachments, text body and, sandboxed, its HTML body. */
export function renderMailDetail(mail: CaughtMail): string {
  const headers: [string, string][] = [
    ['From', mail.from || '(none)'],
    ['To', mail.to.join(', ')],
    ['Subject', mail.subject || '(no subject)'],
    ['Date', mail.date ?? '(none)'],
    ['Message-ID', mail.messageId ?? '(none)'],
  ];
  const list = headers.map(([name, value]) => `<dt>${name}</dt><dd>${escapeHtml(value)}</dd>`).join('');
  const meta = `<dt>Received</dt><dd>${formatDate(mail.receivedAt)}</dd><dt>Size</dt><dd>${formatSize(mail.size)}</dd>`;
  const text = mail.text === null ? '<p>None.</p>' : `<pre>${escapeHtml(mail.text)}</pre>`;
  // An empty sandbox attribute denies scripts, forms, popups and the page's origin.
  const html =
    mail.html === null
      ? '<p>None.</p>'
      : `<iframe sandbox title="HTML body of the message" srcdoc="${escapeHtml(mail.html)}"></iframe>`;
  return page(
    mail.subject || '(no subject)',
    `${back}<h2>Headers</h2><dl>${list}${meta}</dl><h2>Attachments</h2>${attachmentLinks(mail.id, mail.attachments)}` +
      `<h2>Text body</h2>${text}<h2>HTML body</h2>${html}`,
  );
}

/** A short page for a 4xx answer. */
export function renderProblem(title: string, message: string): string {
  return page(title, `<p>${escapeHtml(message)}</p>${back}`);
}
