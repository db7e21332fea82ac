import type { DatabaseSync } from 'node:sqlite';

export interface CaughtAttachmentInfo {
  /** Position in the message, from 0; it addresses the attachment in URLs. */
  index: number;
  filename: string;
  contentType: string;
  size: number;
}

export interface CaughtMailSummary {
  id: number;
  /** When the catcher received it, ISO 8601. */
  receivedAt: string;
  /** Envelope sender and recipients, as given to MAIL FROM and RCPT TO. */
  from: string;
  to: string[];
  subject: string;
  size: number;
  attachments: CaughtAttachmentInfo[];
}

export interface CaughtMail extends CaughtMailSummary {
  /** The Date header, as the message gave it. */
  date: string | null;
  messageId: string | null;
  text: string | null;
  html: string | null;
}

export interface CaughtAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

interface MailRow {
  id: number;
  received_at: number;
  envelope_from: string;
  envelope_to: string;
  subject: string;
  raw_size: number;
  sent_at: string | null;
  message_id: string | null;
  text_body: string | null;
  html_body: string | null;
}

const summaryColumns = 'id, received_at, envelope_from, envelope_to, subject, raw_size';

function toSummary(db: DatabaseSync, row: MailRow): CaughtMailSummary {
  const attachments = db
    .prepare(
      `SELECT position AS "index", filename, content_type AS contentType, size
       FROM caught_mail_attachments WHERE mail_id = ? ORDER BY position`,
    )
    .all(row.id) as unknown as CaughtAttachmentInfo[];
  return {
    id: row.id,
    receivedAt: new Date(row.received_at).toISOString(),
    from: row.envelope_from,
    to: JSON.parse(row.envelope_to) as string[],
    subject: row.subject,
    size: row.raw_size,
    attachments,
  };
}

/** Caught messages, newest first, optionally only those to one recipient (any case); no bodies. */
export function listCaughtMails(
  db: DatabaseSync,
  filter: { to?: string; limit?: number } = {},
): CaughtMailSummary[] {
  const limit = Math.min(Math.max(Math.trunc(filter.limit ?? 50), 1), 500);
  const rows = filter.to
    ? db
        .prepare(
          `SELECT ${summaryColumns} FROM caught_mails
           WHERE EXISTS (SELECT 1 FROM json_each(envelope_to) WHERE value = ? COLLATE NOCASE)
           ORDER BY id DESC LIMIT ?`,
        )
        .all(filter.to.trim(), limit)
    : db.prepare(`SELECT ${summaryColumns} FROM caught_mails ORDER BY id DESC LIMIT ?`).all(limit);
  return (rows as unknown as MailRow[]).map((row) => toSummary(db, row));
}

/** One caught message with its bodies, or undefined. */
export function getCaughtMail(db: DatabaseSync, id: number): CaughtMail | undefined {
  const row = db.prepare('SELECT * FROM caught_mails WHERE id = ?').get(id) as MailRow | undefined;
  if (!row) return undefined;
  return {
    ...toSummary(db, row),
    date: row.sent_at,
    messageId: row.message_id,
    text: row.text_body,
    html: row.html_body,
  };
}

/** The bytes of one attachment by message id and position, or undefined. */
export function getCaughtAttachment(
  db: DatabaseSync,
  mailId: number,
  index: number,
): CaughtAttachment | undefined {
  const row = db
    .prepare(
      `SELECT filename, content_type, content FROM caught_mail_attachments WHERE mail_id = ? AND position = ?`,
    )
    .get(mailId, index) as { filename: string; content_type: string; content: Uint8Array } | undefined;
  if (!row) return undefined;
  const { content } = row;
  return {
    filename: row.filename,
    contentType: row.content_type,
    content: Buffer.from(content.buffer, content.byteOffset, content.byteLength),
  };
}
