import type { DatabaseSync } from 'node:sqlite';

/**
 * What the mail catcher keeps, in two tables of the caller's database. They are created
 * on demand rather than by the carrier's migrations: the catcher is a development aid
 * that can be dropped without touching the carrier's own schema.
 */
const schema = `
  CREATE TABLE IF NOT EXISTS caught_mails (
    id INTEGER PRIMARY KEY,
    received_at INTEGER NOT NULL,
    envelope_from TEXT NOT NULL,
    envelope_to TEXT NOT NULL,
    subject TEXT NOT NULL,
    sent_at TEXT,
    message_id TEXT,
    text_body TEXT,
    html_body TEXT,
    raw_size INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS caught_mail_attachments (
    mail_id INTEGER NOT NULL REFERENCES caught_mails (id),
    position INTEGER NOT NULL,
    filename TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size INTEGER NOT NULL,
    content BLOB NOT NULL,
    PRIMARY KEY (mail_id, position)
  );`;

export interface NewCaughtMail {
  receivedAt: Date;
  from: string;
  to: string[];
  subject: string;
  date: string | null;
  messageId: string | null;
  text: string | null;
  html: string | null;
  rawSize: number;
  attachments: { filename: string; contentType: string; content: Uint8Array }[];
}

/** Creates the catcher's tables if they are missing; safe to call on every start. */
export function ensureMailSchema(db: DatabaseSync): void {
  db.exec(schema);
}

/** Stores one received message with its attachments, all or nothing; returns its id. */
export function storeCaughtMail(db: DatabaseSync, mail: NewCaughtMail): number {
  db.exec('BEGIN');
  try {
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO caught_mails (received_at, envelope_from, envelope_to, subject, sent_at, message_id,
           text_body, html_body, raw_size) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        mail.receivedAt.getTime(),
        mail.from,
        JSON.stringify(mail.to),
        mail.subject,
        mail.date,
        mail.messageId,
        mail.text,
        mail.html,
        mail.rawSize,
      );
    const insert = db.prepare(
      `INSERT INTO caught_mail_attachments (mail_id, position, filename, content_type, size, content)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    mail.attachments.forEach((file, position) =>
      insert.run(
        lastInsertRowid,
        position,
        file.filename,
        file.contentType,
        file.content.byteLength,
        file.content,
      ),
    );
    db.exec('COMMIT');
    return Number(lastInsertRowid);
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
