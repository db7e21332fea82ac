import { connections, type LoadFigures, type LoadRow } from './load.ts';
import type { Section } from './report.ts';
import { ms, ratio } from './stats.ts';

const latency = (f: LoadFigures) => `${ms(f.p50)} / ${ms(f.p99)}`;
const failures = (f: LoadFigures) => String(f.errors + f.non2xx);

/** The load table: the site beside the carrier called directly, and the ratio that is the site's overhead. */
export function loadSection(
  rows: LoadRow[],
  options: { seconds: number; labels: number; warmUp: number },
): Section {
  return {
    title: 'Site API under load',
    commands: [
      'npm run bench -- --only load',
      `npx autocannon -c ${connections} -d ${options.seconds} -H 'X-Forwarded-For: 10.0.0.1' 'http://127.0.0.1:PORT/api/countries'`,
      `npx autocannon -c ${connections} -d ${options.seconds} -H 'X-Api-Key: KEY' 'http://127.0.0.1:CARRIER_PORT/ReturnPage/country?Limit=1000&Offset=0'`,
    ],
    columns: [
      'Endpoint',
      'Site req/s',
      'Site p50 / p99',
      'Carrier direct req/s',
      'Carrier p50 / p99',
      'Site ÷ carrier throughput',
      'Site ÷ carrier p50',
      'Requests site / carrier',
      'Errors site / carrier',
    ],
    rows: rows.map((row) => [
      `${row.name} \`${row.sitePath.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, '{id}')}\``,
      row.site.rps.toFixed(0),
      latency(row.site),
      row.carrier.rps.toFixed(0),
      latency(row.carrier),
      ratio(row.site.rps / row.carrier.rps),
      ratio(row.site.p50 / row.carrier.p50),
      `${row.site.requests} / ${row.carrier.requests}`,
      `${failures(row.site)} / ${failures(row.carrier)}`,
    ]),
    notes: [
      `autocannon 9 in the bench process, ${connections} connections over loopback; ${options.seconds} s per endpoint after ${options.warmUp} warm-up requests; the label download ${options.labels} requests each (one solved human check per site request, so it is bounded by count, not time; its req/s is ${connections} ÷ mean latency).`,
      'The carrier is the reference service, a process of its own beside the site (as `npm start` runs it), called directly with its API key; "site ÷ carrier" below 1× in throughput is the cost of the site layer (validation, human check, rate limits, a second HTTP hop).',
      'The form page has a table of its own ("The form page served").',
      'Countries are cached by the site for an hour, so the site answers them without calling the carrier. Status and label belong to one Complete label-less return made through the site first: for it the site renders the QR code as SVG on every status call, which the carrier does not.',
      'Every request carries its own `X-Forwarded-For` (the bench server runs with `TRUST_PROXY=true`), so the per-client rate limits see many senders, as in production; the limiter still runs for each request. Errors: connection errors, timeouts and non-2xx answers.',
      'Client and server share the same cores, so absolute figures are a floor; the ratios are the point. autocannon reports latencies in whole milliseconds, so ratios of 1 to 2 ms latencies are coarse.',
    ],
  };
}
