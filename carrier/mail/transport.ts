import { createTransport } from 'nodemailer';

export interface OutgoingAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Shown inside the HTML part as `cid:<cid>` instead of as a file of its own. */
  cid?: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: readonly OutgoingAttachment[];
  /** A stable Message-ID, so a resend after a crash can be recognised as the same message. */
  messageId?: string | undefined;
}

export interface MailTransport {
  send(message: OutgoingMail): Promise<{ messageId: string }>;
  /** Releases the transport; it sends nothing afterwards. */
  close(): void;
}

export interface MailTransportOptions {
  /** A real server, e.g. `smtps://user:pass@smtp.example.com:465`; unset means the embedded catcher. */
  smtpUrl?: string | undefined;
  /** Port of the embedded catcher on 127.0.0.1, used when `smtpUrl` is unset. */
  catcherPort?: number;
  from: string;
  /** Limit for connecting and for the server's greeting; idle sockets get twice as long. */
  timeoutMs?: number;
}

/** Sends mail over SMTP: to `smtpUrl` when given, otherwise to the embedded catcher. */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  const timeoutMs = options.timeoutMs ?? 5000;
  // nodemailer waits minutes by default; the outbox retries, so a dead server should fail fast.
  const limits = { connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: 2 * timeoutMs };
  // Attachments are always Buffers: a path or URL in one must never make the mailer read files or fetch.
  const safety = { disableFileAccess: true, disableUrlAccess: true };
  let target: { url: string } | { host: string; port: number; secure: false; ignoreTLS: true };
  if (options.smtpUrl) target = { url: options.smtpUrl };
  else if (options.catcherPort !== undefined)
    target = { host: '127.0.0.1', port: options.catcherPort, secure: false, ignoreTLS: true };
  else throw new Error('createMailTransport needs either smtpUrl or catcherPort.');

  const transporter = createTransport({ ...limits, ...safety, ...target }, { from: options.from });
  return {
    async send(message) {
      const info = await transporter.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments.map((a) => ({ ...a })),
        ...(message.messageId && { messageId: message.messageId }),
      });
      return { messageId: info.messageId };
    },
    close() {
      transporter.close();
    },
  };
}
