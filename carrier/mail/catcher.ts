import type { AddressInfo } from 'node:net';
import type { DatabaseSync } from 'node:sqlite';
import PostalMime from 'postal-mime';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { listenOn } from '@parcel-returns/listen';
import { ensureMailSchema, storeCaughtMail, type NewCaughtMail } from './mailStore.ts';

export { ensureMailSchema } from './mailStore.ts';
export { getCaughtAttachment, getCaughtMail, listCaughtMails } from './mailReads.ts';
export type { CaughtAttachment, CaughtAttachmentInfo, CaughtMail, CaughtMailSummary } from './mailReads.ts';

export interface MailCatcherOptions {
  /** 0 picks a free port; the started catcher reports the real one. */
  port: number;
  /** Loopback unless told otherwise: the catcher takes mail from anyone, without a password. */
  host?: string;
  /** Larger messages are refused with 552; 25 MB unless told otherwise. */
  maxMessageBytes?: number;
  /** Hears about failures: a client that vanished mid-session, a message that could not be stored. */
  onError?: (error: Error) => void;
  now?: () => Date;
}

export interface MailCatcher {
  port: number;
  close(): Promise<void>;
}

/** smtp-server answers a failed onData with the error's `responseCode`. */
const smtpError = (responseCode: number, message: string) =>
  Object.assign(new Error(message), { responseCode });

/** Reads a DATA stream whole, keeping nothing once it is over the limit. */
async function readMessage(stream: SMTPServerDataStream): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) if (!stream.sizeExceeded) chunks.push(chunk as Buffer);
  return stream.sizeExceeded ? undefined : Buffer.concat(chunks);
}

async function parseMessage(
  raw: Buffer,
  session: SMTPServerSession,
  receivedAt: Date,
): Promise<NewCaughtMail> {
  const parsed = await PostalMime.parse(raw);
  return {
    receivedAt,
    from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
    to: session.envelope.rcptTo.map((recipient) => recipient.address),
    subject: parsed.subject ?? '',
    date: parsed.date ?? null,
    messageId: parsed.messageId ?? null,
    text: parsed.text ?? null,
    html: parsed.html ?? null,
    rawSize: raw.length,
    attachments: parsed.attachments.map((file, index) => ({
      filename: file.filename ?? `attachment-${index + 1}`,
      contentType: file.mimeType,
      content:
        typeof file.content === 'string'
          ? Buffer.from(file.content, file.encoding === 'base64' ? 'base64' : 'utf8')
          : new Uint8Array(file.content),
    })),
  };
}

/** Starts an SMTP server that stores every message it receives in `db`, for the inbox page. */
export async function startMailCatcher(db: DatabaseSync, options: MailCatcherOptions): Promise<MailCatcher> {
  ensureMailSchema(db);
  const now = options.now ?? (() => new Date());
  const maxBytes = options.maxMessageBytes ?? 25 * 1024 * 1024;
  const server = new SMTPServer({
    logger: false,
    name: 'localhost',
    banner: 'reference carrier mail catcher',
    // Plain text on loopback: no certificate to manage, and any client may send. AUTH is
    // not even offered, so a client configured with a password still gets its mail through.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    disableReverseLookup: true,
    size: maxBytes,
    rejectOversized: true,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      readMessage(stream)
        .then(async (raw) => {
          if (!raw) {
            callback(smtpError(552, 'Message exceeds fixed maximum message size'));
            return;
          }
          storeCaughtMail(db, await parseMessage(raw, session, now()));
          callback();
        })
        .catch((error: unknown) => {
          options.onError?.(error instanceof Error ? error : new Error(String(error)));
          callback(smtpError(451, 'Message could not be stored, try again later'));
        });
    },
  });

  await listenOn(server, options.port, options.host ?? '127.0.0.1', 'CARRIER_SMTP_PORT');
  // Without a listener, one broken client connection would crash the whole service.
  server.on('error', (error: Error) => options.onError?.(error));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
