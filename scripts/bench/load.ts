import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import { headers as carrierHeaders } from '@parcel-returns/contract';
import { humanCheckHeader, siteApi } from '../../src/lib/siteApi.ts';
import { nextClientAddress } from './http.ts';
import { solveTokens } from './humanTokens.ts';
import { demoToken, type BenchSite } from './site.ts';
import { creationBody, createReturn, waitForLabel } from './siteReturns.ts';

/** Throughput and latency of one endpoint under load, as autocannon reports them. */
export interface LoadFigures {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadRow {
  name: string;
  sitePath: string;
  carrierPath: string;
  site: LoadFigures;
  carrier: LoadFigures;
}

export const connections = 10;

/**
 * autocannon's figures. Throughput of a timed run is requests over our own clock; a run of a
 * fixed count ends within autocannon's one-second sampling, so there it follows from the
 * latencies (Little's law: connections ÷ mean latency).
 */
function figures(result: AutocannonResult, seconds: number, counted: boolean): LoadFigures {
  return {
    requests: result.requests.total,
    rps: counted ? connections / (result.latency.mean / 1000) : result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * One autocannon run: for `seconds`, or for exactly `amount` requests. Every request gets a
 * fresh X-Forwarded-For (the carrier ignores it; the site's per-client rate limits see many
 * senders); `extra(i)` adds headers to the i-th request built, such as a one-use human check.
 */
export async function cannon(
  url: string,
  headers: Record<string, string>,
  run: { seconds: number } | { amount: number },
  extra: (index: number) => Record<string, string> = () => ({}),
  pathOf?: (index: number) => string,
): Promise<LoadFigures> {
  let built = 0;
  const setupRequest = (request: AutocannonRequest): AutocannonRequest => {
    const index = built++;
    return {
      ...request,
      ...(pathOf && { path: pathOf(index) }),
      headers: { ...request.headers, 'x-forwarded-for': nextClientAddress(), ...extra(index) },
    };
  };
  const started = performance.now();
  const result = await autocannon({
    url,
    connections,
    timeout: 10,
    headers,
    requests: [{ method: 'GET', setupRequest }],
    ...('amount' in run ? { amount: run.amount } : { duration: run.seconds }),
  });
  return figures(result, (performance.now() - started) / 1000, 'amount' in run);
}

/** A Complete return made through the site, for the status and label endpoints. */
async function completedReturn(siteUrl: string): Promise<{ batchId: string; labelGuid: string }> {
  const [token = ''] = await solveTokens(siteUrl, 'createDormant', 1);
  const batchId = await createReturn(siteUrl, creationBody(0, `load${Date.now()}`), token);
  const status = await waitForLabel(siteUrl, batchId);
  if (status.importState !== 'Complete' || !status.labelGuid)
    throw new Error(`${batchId} ended ${status.importState}`);
  return { batchId, labelGuid: status.labelGuid };
}

/** Every site endpoint under load, each followed by the same call made to the carrier directly. */
export async function runLoad(
  site: BenchSite,
  options: { seconds: number; labels: number; warmUp: number },
): Promise<LoadRow[]> {
  const { batchId, labelGuid } = await completedReturn(site.url);
  const carrier = (path: string) => ({ url: `${site.carrierUrl}${path}`, path });
  const endpoints = [
    {
      name: 'return page',
      sitePath: `${siteApi.returnPage}?token=${demoToken}`,
      reference: carrier(`/ReturnPage?base64Token=${demoToken}`),
    },
    {
      name: 'countries',
      sitePath: siteApi.countries,
      reference: carrier('/ReturnPage/country?Limit=1000&Offset=0'),
    },
    {
      name: 'suggestions',
      sitePath: `${siteApi.addresses}?street=kumb&calledFrom=Street`,
      reference: carrier('/AddressWhisper?Street=kumb&ZipCode=&City=&CalledFrom=Street'),
    },
    {
      name: 'status',
      sitePath: siteApi.status(batchId),
      reference: carrier(`/ReturnPage/dormant/status/${batchId}`),
    },
    {
      name: 'label download',
      sitePath: siteApi.label(labelGuid),
      reference: carrier(`/ReturnPage/dormant/label/${labelGuid}`),
    },
  ];
  const common = { 'accept-language': 'cs-CZ' };
  const toCarrier = { ...common, [carrierHeaders.apiKey]: site.carrierApiKey };
  const rows: LoadRow[] = [];
  for (const { name, sitePath, reference } of endpoints) {
    const siteUrl = `${site.url}${sitePath}`;
    const carrierUrl = reference.url;
    const carrierPath = reference.path;
    let row: LoadRow;
    if (name === 'label download') {
      // One solved token per request (single use): a fixed number of requests, tokens solved just before.
      const tokens = await solveTokens(site.url, 'downloadLabel', options.labels + 2 * connections);
      const amount = { amount: options.labels };
      const siteFigures = await cannon(siteUrl, common, amount, (i) => ({
        [humanCheckHeader]: tokens[i] ?? '',
      }));
      const carrierFigures = await cannon(
        carrierUrl,
        { ...toCarrier, [carrierHeaders.recaptchaToken]: 'x' },
        amount,
      );
      row = { name, sitePath, carrierPath, site: siteFigures, carrier: carrierFigures };
    } else {
      // A short warm-up of both (the site calls the carrier too), then the timed runs.
      await cannon(siteUrl, common, { amount: options.warmUp });
      await cannon(carrierUrl, toCarrier, { amount: options.warmUp });
      const timed = { seconds: options.seconds };
      row = {
        name,
        sitePath,
        carrierPath,
        site: await cannon(siteUrl, common, timed),
        carrier: await cannon(carrierUrl, toCarrier, timed),
      };
    }
    rows.push(row);
    console.log(
      `  load ${name}: site ${row.site.rps.toFixed(0)} req/s, carrier ${row.carrier.rps.toFixed(0)} req/s`,
    );
  }
  return rows;
}
