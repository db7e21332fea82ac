import { describe, expect, it } from 'vitest';
import {
  errorUrl,
  importOutcome,
  kindOf,
  pollIntervalMs,
  sentOf,
  sentUrl,
  type AcceptedReturn,
} from '../../src/lib/acceptedReturn.ts';
import { localizedPath, locales } from '../../src/lib/locales.ts';

const site = 'http://site.test';
const batchId = '0b0f4a3e-8d7c-4b1a-9e2f-123456789abc';
const labelGuid = '11111111-2222-4333-8444-555555555555';
// A base64 token with every character a query can mangle.
const token = 'ab+cd/ef+gh0123456789==';

const kinds = [
  { labelless: false, driverPickup: false },
  { labelless: false, driverPickup: true },
  { labelless: true, driverPickup: false },
  { labelless: true, driverPickup: true },
];
const returns: AcceptedReturn[] = locales.flatMap((locale) =>
  kinds.map((kind) => ({ locale, batchId, token, ...kind })),
);
const at = (path: string) => new URL(path, site);

describe('when polling ends, and how (spec §4)', () => {
  it('polls every 5000 ms', () => {
    expect(pollIntervalMs).toBe(5000);
  });

  it('goes on while the import is Accepted or InProcess', () => {
    expect(importOutcome({ importState: 'Accepted' })).toEqual({ kind: 'pending' });
    expect(importOutcome({ importState: 'InProcess', labelGuid: null })).toEqual({ kind: 'pending' });
  });

  it('ends ready at Complete with the label, and the QR code and SmartPIN when given', () => {
    expect(importOutcome({ importState: 'Complete', labelGuid })).toEqual({
      kind: 'ready',
      labelGuid,
      smartPin: undefined,
      qrCode: undefined,
    });
    expect(
      importOutcome({ importState: 'Complete', labelGuid, smartPin: 'ABC-DEF', qrCode: 'SMARTPIN:ABC-DEF' }),
    ).toEqual({ kind: 'ready', labelGuid, smartPin: 'ABC-DEF', qrCode: 'SMARTPIN:ABC-DEF' });
  });

  it('ends failed at Error, with or without a label', () => {
    const failed = { kind: 'failed', reason: 'importError' };
    expect(importOutcome({ importState: 'Error' })).toEqual(failed);
    expect(importOutcome({ importState: 'Error', labelGuid })).toEqual(failed);
  });

  it('ends failed at Complete without a label, which could never be downloaded', () => {
    const failed = { kind: 'failed', reason: 'importCompleteWithoutLabel' };
    expect(importOutcome({ importState: 'Complete' })).toEqual(failed);
    expect(importOutcome({ importState: 'Complete', labelGuid: null, smartPin: 'ABC-DEF' })).toEqual(failed);
  });
});

describe('the sent page’s URL', () => {
  it.each(returns)('reads back what it wrote (%o)', (r) => {
    const url = sentUrl(r);
    expect(url.startsWith(`${localizedPath(r.locale, `/returns/sent/${batchId}`)}?`)).toBe(true);
    expect(sentOf(at(url))).toEqual({ ...r, notice: undefined });
    expect(sentOf(at(sentUrl(r, 'linkExpired')))).toEqual({ ...r, notice: 'linkExpired' });
  });

  it('is what the form posted without scripts has always been sent to', () => {
    // src/server/form/submitForm.ts before it called sentUrl; sent pages open in browsers keep working.
    for (const r of returns) {
      const type = r.labelless ? 'qr' : 'label';
      const handover = r.driverPickup ? 'driver' : 'pickupPoint';
      const before = `${localizedPath(r.locale, `/returns/sent/${batchId}`)}?${new URLSearchParams({ token, type, handover })}`;
      expect(sentUrl(r)).toBe(before);
    }
  });

  it('reads a token whose + arrived as a space', () => {
    const pasted = `/en/returns/sent/${batchId}?token=ab+cd/ef+gh0123456789==&type=qr&handover=driver`;
    expect(sentOf(at(pasted))).toMatchObject({ locale: 'en', token });
  });

  it('is no sent page for another path, a malformed batch, a missing kind or an unknown notice', () => {
    const query = 'token=x&type=qr&handover=driver';
    expect(sentOf(at(`/de/returns/sent/${batchId}?${query}`))).toBeUndefined();
    expect(sentOf(at(`/returns/sent/${batchId}/more?${query}`))).toBeUndefined();
    expect(sentOf(at(`/returns/sent/not-a-batch?${query}`))).toBeUndefined();
    expect(sentOf(at(`/returns/sent/${batchId}?token=x&type=qr`))).toBeUndefined();
    expect(sentOf(at(`/returns/sent/${batchId}?${query}&notice=<b>`))?.notice).toBeUndefined();
    expect(sentOf(at(`/returns/sent/${batchId}?token=x&type=drone&handover=driver`))).toBeUndefined();
    expect(kindOf(new URLSearchParams('kind=qr-driver'))).toBeUndefined();
  });
});

describe('a failed return', () => {
  it('goes to the error page of its language, with the link’s token for Try again', () => {
    expect(errorUrl('cs', token)).toBe(`/returns/error?token=${encodeURIComponent(token)}`);
    expect(errorUrl('en', token)).toBe(`/en/returns/error?token=${encodeURIComponent(token)}`);
    expect(errorUrl('en', '')).toBe('/en/returns/error');
  });
});
