import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Reads of the carrier's SQLite file, read-only (the server keeps writing to it), for what
 * the site's API does not show: the carrier's own timestamps and its outbox and mail catcher.
 */

/** Milliseconds from the carrier storing each return to its Complete event, by the carrier's clock. */
export function carrierCompleteTimes(dbPath: string, batchIds: string[]): number[] {
  const db = new DatabaseSync(dbPath, { readOnly: true });
  try {
    const rows = db
      .prepare(
        `SELECT e.at - r.created_at AS ms FROM returns r JOIN return_events e ON e.return_id = r.id
         WHERE e.state = 'Complete' AND r.batch_id IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(batchIds)) as { ms: number }[];
    return rows.map((row) => row.ms);
  } finally {
    db.close();
  }
}

/** Whether each return's label e-mail left the carrier's outbox and reached the catcher exactly once. */
export interface MailCheck {
  expected: number;
  mailedOnce: number;
  problems: string[];
  drainMs: number;
}

interface Row {
  batch_id: string;
  status: string | null;
  attempts: number | null;
}

/**
 * Waits until no e-mail of these returns is pending in `outbox`, then counts what
 * `caught_mails` received per recipient, with a PDF attached.
 */
export async function checkMailedOnce(
  dbPath: string,
  returns: { batchId: string; email: string }[],
  timeoutMs = 60_000,
): Promise<MailCheck> {
  const db = new DatabaseSync(dbPath, { readOnly: true });
  const started = performance.now();
  try {
    const ids = JSON.stringify(returns.map((r) => r.batchId));
    const outbox = db.prepare(
      `SELECT r.batch_id, o.status, o.attempts FROM returns r LEFT JOIN outbox o ON o.return_id = r.id AND o.kind = 'label'
       WHERE r.batch_id IN (SELECT value FROM json_each(?))`,
    );
    const caught = db.prepare(
      `SELECT lower(to_address.value) AS recipient, count(DISTINCT m.id) AS mails,
              count(DISTINCT CASE WHEN a.content_type = 'application/pdf' THEN m.id END) AS withPdf
       FROM caught_mails m, json_each(m.envelope_to) AS to_address
       LEFT JOIN caught_mail_attachments a ON a.mail_id = m.id
       GROUP BY lower(to_address.value)`,
    );
    const read = () => {
      const rows = outbox.all(ids) as unknown as Row[];
      const received = new Map(
        (caught.all() as { recipient: string; mails: number; withPdf: number }[]).map((r) => [
          r.recipient,
          r,
        ]),
      );
      return { rows, received };
    };
    let state = read();
    const settled = () =>
      state.rows.length === returns.length &&
      state.rows.every((row) => row.status === 'sent' || row.status === 'failed') &&
      returns.every((r) => (state.received.get(r.email.toLowerCase())?.mails ?? 0) > 0);
    while (!settled() && performance.now() - started < timeoutMs) {
      await sleep(200);
      state = read();
    }
    const drainMs = performance.now() - started;
    const statusOf = new Map(state.rows.map((row) => [row.batch_id, row]));
    const problems: string[] = [];
    for (const { batchId, email } of returns) {
      const row = statusOf.get(batchId);
      const mail = state.received.get(email.toLowerCase());
      if (row?.status !== 'sent') problems.push(`${batchId}: outbox ${row?.status ?? 'missing'}`);
      if (mail?.mails !== 1) problems.push(`${email}: ${mail?.mails ?? 0} e-mails received`);
      else if (mail.withPdf !== 1) problems.push(`${email}: no PDF attached`);
    }
    const mailedOnce = returns.filter(({ batchId, email }) => {
      const mail = state.received.get(email.toLowerCase());
      return statusOf.get(batchId)?.status === 'sent' && mail?.mails === 1 && mail.withPdf === 1;
    }).length;
    return { expected: returns.length, mailedOnce, problems, drainMs };
  } finally {
    db.close();
  }
}
