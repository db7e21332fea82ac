import { solveTokens } from './humanTokens.ts';
import { carrierCompleteTimes, checkMailedOnce, type MailCheck } from './carrierStore.ts';
import type { Section } from './report.ts';
import type { BenchSite } from './site.ts';
import { creationBody, createReturn, waitForLabel } from './siteReturns.ts';
import { mapPool, ms, percentile } from './stats.ts';

/** Returns created through the site at a steady concurrency, timed from submit to a Complete label. */
export interface SubmitResult {
  count: number;
  concurrency: number;
  complete: number;
  failures: string[];
  acceptMs: number[];
  labelMs: number[];
  /** The same span by the carrier's clock: stored → Complete, no polling in it. */
  carrierMs: number[];
  wallSeconds: number;
  mail: MailCheck;
}

type Outcome =
  | { batchId: string; email: string; state: string; acceptMs: number; labelMs: number }
  | { email: string; error: string };

export const concurrency = 20;
const pollEveryMs = 100;

/**
 * Creates `count` returns, `concurrency` in flight at any moment, each polled every 100 ms
 * until its label exists; then checks the carrier's store for exactly one e-mail each.
 * Human checks are solved beforehand: a browser solves its own, so that time is not the server's.
 */
export async function runSubmitToLabel(site: BenchSite, count: number): Promise<SubmitResult> {
  const runId = Date.now().toString(36);
  const tokens = await solveTokens(site.url, 'createDormant', count);
  const started = performance.now();
  const outcomes = await mapPool(tokens, concurrency, async (token, index): Promise<Outcome> => {
    const body = creationBody(index, runId);
    const submitted = performance.now();
    try {
      const batchId = await createReturn(site.url, body, token);
      const acceptMs = performance.now() - submitted;
      const status = await waitForLabel(site.url, batchId, { everyMs: pollEveryMs });
      const labelMs = performance.now() - submitted;
      return { batchId, email: body.sender.email, state: status.importState, acceptMs, labelMs };
    } catch (error) {
      return { email: body.sender.email, error: (error as Error).message };
    }
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const created = outcomes.flatMap((o) => ('batchId' in o ? [o] : []));
  const complete = created.filter((o) => o.state === 'Complete');
  const failures = [
    ...outcomes.flatMap((o) => ('error' in o ? [`${o.email}: ${o.error}`] : [])),
    ...created.filter((o) => o.state !== 'Complete').map((o) => `${o.batchId}: ${o.state}`),
  ];
  const mail = await checkMailedOnce(site.dbPath, created);
  const carrierMs = carrierCompleteTimes(
    site.dbPath,
    created.map((o) => o.batchId),
  );
  return {
    count,
    concurrency,
    complete: complete.length,
    failures,
    acceptMs: complete.map((o) => o.acceptMs),
    labelMs: complete.map((o) => o.labelMs),
    carrierMs,
    wallSeconds,
    mail,
  };
}

/** The submit-to-label table. */
export function submitSection(result: SubmitResult): Section {
  const row = (name: string, values: number[]) => [
    name,
    ms(percentile(values, 0.5)),
    ms(percentile(values, 0.95)),
    ms(percentile(values, 1)),
  ];
  return {
    title: 'Submit to label',
    commands: ['npm run bench -- --only submit'],
    columns: ['Measure', 'p50', 'p95', 'max'],
    rows: [
      row('submit → `POST /api/returns` answered 202', result.acceptMs),
      row('submit → status Complete, seen by polling the site (label exists)', result.labelMs),
      row('carrier stored → Complete, by its own clock (`return_events`)', result.carrierMs),
    ],
    notes: [
      `${result.count} returns through the site's \`POST /api/returns\` (solved ALTCHA token, fresh Idempotency-Key, own e-mail address each), ${result.concurrency} in flight at a time, on the embedded carrier with \`CARRIER_PROCESSING_DELAY_MS=0\`; ${(result.count / result.wallSeconds).toFixed(1)} returns/s, ${result.wallSeconds.toFixed(1)} s in all.`,
      `Status polled through \`GET /api/returns/{batchId}\` every ${pollEveryMs} ms, so times are rounded up by up to ${pollEveryMs} ms. Half are label-less (QR code, pick-up point), half printed labels with driver pickup; each renders two PDFs.`,
      `Complete: ${result.complete} of ${result.count}${result.failures.length ? ` (${result.failures.slice(0, 3).join('; ')})` : ''}.`,
      `Mailed exactly once with the PDF attached (carrier's \`outbox\` sent, one message per recipient in \`caught_mails\`): ${result.mail.mailedOnce} of ${result.mail.expected}${result.mail.problems.length ? ` (${result.mail.problems.slice(0, 3).join('; ')})` : ''}; every e-mail was out ${(result.mail.drainMs / 1000).toFixed(1)} s after the last label existed (the carrier sends them one at a time).`,
    ],
  };
}
