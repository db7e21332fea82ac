import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DatabaseSync } from 'node:sqlite';
import { sendJson } from '../http/respond.ts';
import { inboxCsp, renderMailDetail, renderMailList, renderProblem } from './inboxViews.ts';
import { getCaughtAttachment, getCaughtMail, listCaughtMails, type CaughtAttachment } from './mailReads.ts';

type Failure = 400 | 404 | 405;
const failures: Record<Failure, { code: string; title: string }> = {
  400: { code: 'badRequest', title: 'Bad request' },
  404: { code: 'notFound', title: 'Not found' },
  405: { code: 'methodNotAllowed', title: 'Method not allowed' },
};
const common = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

function sendHtml(
  res: ServerResponse,
  status: number,
  html: string,
  headers: Record<string, string> = {},
): void {
  const body = Buffer.from(html);
  res.writeHead(status, {
    ...common,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': body.length,
    'Content-Security-Policy': inboxCsp,
    ...headers,
  });
  res.end(body);
}

/** `attachment` with an ASCII fallback name and the exact name per RFC 6266 / RFC 8187. */
function contentDisposition(filename: string): string {
  const name = filename.replace(/\p{Cc}/gu, '') || 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

function sendAttachment(res: ServerResponse, file: CaughtAttachment): void {
  // The type came in a mail from anyone: only a well-formed one is passed on, and the
  // download is sandboxed so an HTML "attachment" cannot run as this origin.
  const type = /^[\w.+-]+\/[\w.+-]+$/.test(file.contentType) ? file.contentType : 'application/octet-stream';
  res.writeHead(200, {
    ...common,
    'Content-Type': type,
    'Content-Length': file.content.length,
    'Content-Disposition': contentDisposition(file.filename),
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
  res.end(file.content);
}

/** A message id (from 1) or attachment index (from 0) out of a path segment. */
const parseNumber = (segment: string, min: number) =>
  /^\d{1,15}$/.test(segment) && Number(segment) >= min ? Number(segment) : undefined;

const routes = {
  list: /^\/_mail\/?$/,
  apiList: /^\/_mail\/api\/messages\/?$/,
  apiDetail: /^\/_mail\/api\/messages\/([^/]+)$/,
  detail: /^\/_mail\/([^/]+)$/,
  attachment: /^\/_mail\/([^/]+)\/attachments\/([^/]+)$/,
};

/**
 * Serves the caught-mail inbox under /_mail: HTML pages for people, /_mail/api for tests
 * and tools. Returns false, having done nothing, for any other path.
 */
export function handleInboxRequest(
  db: DatabaseSync,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): boolean {
  const { pathname } = url;
  if (pathname !== '/_mail' && !pathname.startsWith('/_mail/')) return false;
  const api = pathname.startsWith('/_mail/api/');
  const fail = (status: Failure, message: string, headers: Record<string, string> = {}) =>
    api
      ? sendJson(res, status, { code: failures[status].code, message }, { ...common, ...headers })
      : sendHtml(res, status, renderProblem(failures[status].title, message), headers);

  if (req.method !== 'GET' && req.method !== 'HEAD') {
    fail(405, 'The inbox can only be read.', { Allow: 'GET, HEAD' });
    return true;
  }
  const to = url.searchParams.get('to')?.trim() ?? '';
  const limit = parseNumber(url.searchParams.get('limit') ?? '', 1);
  const [, rawId = '', rawIndex = ''] =
    routes.apiDetail.exec(pathname) ?? routes.attachment.exec(pathname) ?? routes.detail.exec(pathname) ?? [];
  const id = parseNumber(rawId, 1);
  const index = parseNumber(rawIndex, 0);

  if (routes.list.test(pathname)) sendHtml(res, 200, renderMailList(listCaughtMails(db, { to }), to));
  else if (routes.apiList.test(pathname))
    sendJson(res, 200, { messages: listCaughtMails(db, { to, limit: limit ?? 100 }) }, common);
  else if (!rawId || (api && !routes.apiDetail.test(pathname))) fail(404, 'There is no such page.');
  else if (id === undefined) fail(400, `"${rawId}" is not a message id.`);
  else if (routes.attachment.test(pathname)) {
    const file = index === undefined ? undefined : getCaughtAttachment(db, id, index);
    if (index === undefined) fail(400, `"${rawIndex}" is not an attachment number.`);
    else if (!file) fail(404, `Message ${id} has no attachment ${index}.`);
    else sendAttachment(res, file);
  } else {
    const mail = getCaughtMail(db, id);
    if (!mail) fail(404, `There is no message ${id}.`);
    else if (api) sendJson(res, 200, mail, common);
    else sendHtml(res, 200, renderMailDetail(mail));
  }
  return true;
}
