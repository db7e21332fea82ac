import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentUrl, type AcceptedReturn } from '../../src/lib/acceptedReturn.ts';
import type { ImportStatus, ReturnEvent } from '@parcel-returns/contract';
import { locales, localizedPath } from '../../src/lib/locales.ts';
import type { ApiDeps } from '../../src/server/api/deps.ts';
import { getEvents } from '../../src/server/api/events.ts';
import { getLabel } from '../../src/server/api/label.ts';
import { getStatus } from '../../src/server/api/status.ts';
import { labelLinkSeconds, signedLabelLink } from '../../src/server/form/labelLink.ts';
import { sentPage } from '../../src/server/form/sentPage.ts';
import { apiRequest, testDeps } from './siteApi/harness.ts';

/**
 * The sent page of a form posted without scripts, and the label links it signs, against a carrier
 * that answers each batch with the status a test gives it.
 */
const labelGuid = '11111111-2222-4333-8444-555555555555';
const pdf = '%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n';
const statuses = new Map<string, ImportStatus>();
/** The events the carrier gives of each batch, for the link it was made on; or none, without the extension. */
const events = new Map<string, { token: string; events: ReturnEvent[] } | 'unsupported'>();
let labelAnswers = 200;
let server: Server;
let carrierUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://carrier.test');
    const eventsOf = /\/dormant\/events\/([^/]+)$/.exec(url.pathname)?.[1];
    if (eventsOf) {
      const known = events.get(eventsOf);
      const mine = known && known !== 'unsupported' && known.token === url.searchParams.get('base64Token');
      res.writeHead(mine ? 200 : 404, { 'Content-Type': 'application/json' });
      if (known === 'unsupported') return void res.end('{"code":"notFound","message":"No such route."}');
      return void res.end(
        JSON.stringify(
          mine ? { events: known.events } : { code: 'batchNotFound', message: 'No such batch.' },
        ),
      );
    }
    const batchId = /\/dormant\/status\/([^/?]+)$/.exec(req.url ?? '')?.[1];
    if (batchId) {
      const status = statuses.get(batchId);
      res.writeHead(status ? 200 : 404, { 'Content-Type': 'application/json' });
      return void res.end(JSON.stringify(status ?? { code: 'batchNotFound', message: 'No such batch.' }));
    }
    if (labelAnswers !== 200) return void res.writeHead(labelAnswers).end();
    res.writeHead(200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment; filename="x.pdf"',
    });
    res.end(pdf);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  carrierUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => server.close());

/** A return posted without scripts whose import the carrier reports as `status`. */
function sentReturn(status: ImportStatus, r: Partial<AcceptedReturn> = {}): AcceptedReturn {
  const batchId = crypto.randomUUID();
  statuses.set(batchId, status);
  const accepted: AcceptedReturn = {
    locale: 'cs',
    batchId,
    token: 'demo+token/0123456789',
    labelless: false,
    driverPickup: false,
    ...r,
  };
  events.set(batchId, { token: accepted.token, events: [] });
  return accepted;
}

const open = (deps: ApiDeps, url: string, now?: number) =>
  sentPage(deps, new URL(url, 'http://site.test'), now);
const download = (deps: ApiDeps, link: string, now?: number) =>
  getLabel(deps, apiRequest(link, { params: { labelGuid } }), now);

describe('the sent page', () => {
  for (const locale of locales) {
    it(`sends a Complete import without a label to the error page and logs it, once (${locale})`, async () => {
      const { deps, lines } = await testDeps(carrierUrl, 'key');
      const r = sentReturn({ importState: 'Complete', labelGuid: null }, { locale });
      expect(await open(deps, sentUrl(r))).toEqual({
        kind: 'redirect',
        location: `${localizedPath(locale, '/returns/error')}?token=demo%2Btoken%2F0123456789`,
      });
      expect(lines).toEqual([
        {
          level: 'error',
          code: 'importCompleteWithoutLabel',
          fields: { call: 'sentPage', batchId: r.batchId },
        },
      ]);
    });
  }

  it('sends an Error import to the error page and logs it', async () => {
    const { deps, lines } = await testDeps(carrierUrl, 'key');
    const r = sentReturn({ importState: 'Error' }, { locale: 'en' });
    expect(await open(deps, sentUrl(r))).toMatchObject({
      location: '/en/returns/error?token=demo%2Btoken%2F0123456789',
    });
    expect(lines.map((line) => line.code)).toEqual(['importError']);
  });

  it('reloads while the import is pending, then links the label', async () => {
    const { deps, lines } = await testDeps(carrierUrl, 'key');
    const r = sentReturn({ importState: 'InProcess', labelGuid: null }, { labelless: true });
    expect(await open(deps, sentUrl(r))).toMatchObject({ kind: 'page', ready: undefined });
    statuses.set(r.batchId, {
      importState: 'Complete',
      labelGuid,
      smartPin: 'ABC-DEF',
      qrCode: 'SMARTPIN:ABC-DEF',
    });
    const page = await open(deps, sentUrl(r));
    expect(page).toMatchObject({ kind: 'page', accepted: r, ready: { smartPin: 'ABC-DEF' } });
    expect(page.kind === 'page' && page.ready?.qrSvg).toMatch(/^<svg/);
    expect(lines).toEqual([]);
  });

  it('shows the return’s steps the carrier gives, and this page’s address as a QR code', async () => {
    const { deps, lines } = await testDeps(carrierUrl, 'key');
    const r = sentReturn({ importState: 'Complete', labelGuid });
    const steps: ReturnEvent[] = [
      { type: 'labelCreated', at: '2026-11-26T09:00:00.000Z' },
      { type: 'handedOver', at: '2026-11-26T10:30:00.000Z', place: 'Trafika U Nádraží' },
    ];
    events.set(r.batchId, { token: r.token, events: steps });
    const page = await open(deps, sentUrl(r));
    expect(page).toMatchObject({ kind: 'page', events: steps });
    expect(page.kind === 'page' && page.onPhone).toMatch(/^<svg/);
    expect(lines).toEqual([]);
  });

  it('shows nothing of a return another link made: the not-found page', async () => {
    const { deps } = await testDeps(carrierUrl, 'key');
    const r = sentReturn({ importState: 'Complete', labelGuid }, { locale: 'en' });
    const other = { ...r, token: 'another+link/0123456789' };
    expect(await open(deps, sentUrl(other))).toEqual({
      kind: 'redirect',
      location: '/en/returns/page-not-found',
    });
  });

  it('offers the carrier’s tracking page when the carrier gives no events', async () => {
    const { deps, lines } = await testDeps(carrierUrl, 'key');
    const r = sentReturn({ importState: 'InProcess', labelGuid: null });
    events.set(r.batchId, 'unsupported');
    expect(await open(deps, sentUrl(r))).toMatchObject({ kind: 'page', events: 'unsupported' });
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);
  });

  it('reads the token whose + arrived as a space, and refuses a URL that is no sent page', async () => {
    const { deps } = await testDeps(carrierUrl, 'key');
    const r = sentReturn({ importState: 'Error' });
    const pasted = sentUrl(r).replace('%2B', '+');
    expect(await open(deps, pasted)).toMatchObject({
      location: '/returns/error?token=demo%2Btoken%2F0123456789',
    });
    expect(await open(deps, `/en/returns/sent/${r.batchId}?token=x`)).toEqual({
      kind: 'redirect',
      location: '/en/returns/page-not-found',
    });
  });
});

describe('the island’s status endpoint', () => {
  it('logs a Complete import without a label as the sent page does', async () => {
    const { deps, lines } = await testDeps(carrierUrl, 'key');
    const { batchId } = sentReturn({ importState: 'Complete', labelGuid: null });
    const res = await getStatus(deps, apiRequest(`/api/returns/${batchId}`, { params: { batchId } }));
    expect(res.status).toBe(200);
    expect(lines).toEqual([
      { level: 'error', code: 'importCompleteWithoutLabel', fields: { call: 'status', batchId } },
    ]);
  });
});

describe('the sent page’s events endpoint', () => {
  const ask = (deps: ApiDeps, batchId: string, token: string) =>
    getEvents(
      deps,
      apiRequest(`/api/returns/${batchId}/events?${new URLSearchParams({ token })}`, { params: { batchId } }),
    );

  it('gives the steps to the link the return was made on, and nothing to another', async () => {
    const { deps } = await testDeps(carrierUrl, 'key');
    const r = sentReturn({ importState: 'Complete', labelGuid });
    const steps: ReturnEvent[] = [{ type: 'labelCreated', at: '2026-11-26T09:00:00.000Z' }];
    events.set(r.batchId, { token: r.token, events: steps });
    const mine = await ask(deps, r.batchId, r.token);
    expect(mine.status).toBe(200);
    expect(await mine.json()).toEqual({ events: steps });
    const other = await ask(deps, r.batchId, 'another+link/0123456789');
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: 'batchNotFound' });
  });

  it('says so with a stable code when the carrier has no events, and refuses bad ids and tokens', async () => {
    const { deps } = await testDeps(carrierUrl, 'key');
    const r = sentReturn({ importState: 'Complete', labelGuid });
    events.set(r.batchId, 'unsupported');
    const unsupported = await ask(deps, r.batchId, r.token);
    expect(unsupported.status).toBe(404);
    expect(await unsupported.json()).toMatchObject({ code: 'eventsUnsupported' });
    for (const [batchId, token] of [
      ['not-a-batch', r.token],
      [r.batchId, 'short'],
      [r.batchId, ''],
    ] as const) {
      const refused = await ask(deps, batchId, token);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: 'badRequest' });
    }
  });
});

describe('a signed label link', () => {
  const now = Date.UTC(2026, 10, 23, 9);
  const later = now + (labelLinkSeconds + 1) * 1000;

  it('downloads the label until it expires, then leads back to its sent page with a working one', async () => {
    const { deps } = await testDeps(carrierUrl, 'key');
    const r = sentReturn({ importState: 'Complete', labelGuid }, { locale: 'en', driverPickup: true });
    const page = await open(deps, sentUrl(r), now);
    const link = page.kind === 'page' ? (page.ready?.label ?? '') : '';
    expect((await download(deps, link, now)).status).toBe(200);

    const expired = await download(deps, link, later);
    expect(expired.status).toBe(303);
    const back = expired.headers.get('location') ?? '';
    expect(back).toBe(sentUrl(r, 'linkExpired'));
    const again = await open(deps, back, later);
    expect(again).toMatchObject({ kind: 'page', notice: 'linkExpired', accepted: r });
    const fresh = again.kind === 'page' ? (again.ready?.a4 ?? '') : '';
    const res = await download(deps, fresh, later);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(await res.text()).toBe(pdf);
  });

  it('leads back to its sent page when the download fails', async () => {
    const { deps } = await testDeps(carrierUrl, 'key');
    const r = sentReturn({ importState: 'Complete', labelGuid });
    labelAnswers = 503;
    try {
      const res = await download(deps, signedLabelLink(deps.labelLinkKey, labelGuid, 'label', r));
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(sentUrl(r, 'downloadFailed'));
    } finally {
      labelAnswers = 200;
    }
  });

  it('stays a 403 for the API when it is forged or altered, expired or not', async () => {
    const { deps } = await testDeps(carrierUrl, 'key');
    const r = sentReturn({ importState: 'Complete', labelGuid });
    const link = signedLabelLink(deps.labelLinkKey, labelGuid, 'label', r, now);
    const forged = [
      signedLabelLink(Buffer.from('not the site’s key'), labelGuid, 'label', r, now),
      link.replace(encodeURIComponent(r.batchId), encodeURIComponent(crypto.randomUUID())),
      link.replace(/signature=[^&]+/, 'signature=x'),
      link.replace(/back=[^&]+/, 'back=%2F%2Felsewhere.example%2F'),
    ];
    for (const forgery of forged) {
      for (const at of [now, later]) {
        const res = await download(deps, forgery, at);
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ code: 'labelLinkInvalid' });
      }
    }
  });
});
