import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getReturnPage } from '../../../src/server/api/returnPage.ts';
import { getStatus } from '../../../src/server/api/status.ts';
import { fieldsOf } from '../../../src/server/carrier/errors.ts';
import { linkPage } from '../../../src/server/form/loadReturnPage.ts';
import { apiKey, startTestCarrier, tokens } from '../carrier/harness.ts';
import { apiRequest, testDeps } from './harness.ts';

// The reference carrier refuses a token with base64 padding it cannot decode with a 400 and its own words.
const strayEquals = `${tokens.driver}=`;

let carrier: Awaited<ReturnType<typeof startTestCarrier>>;
beforeAll(async () => {
  carrier = await startTestCarrier();
});
afterAll(() => carrier.stop());

const errorLines = (lines: { level: string }[]) => lines.filter((line) => line.level === 'error');

describe('what a client causes at the carrier', () => {
  it('answers a token the carrier refuses as malformed with a 400 in the site’s words, logged as info', async () => {
    const { deps, lines } = await testDeps(carrier.carrier.url, apiKey);
    const res = await getReturnPage(
      deps,
      apiRequest(`/api/return-page?token=${encodeURIComponent(strayEquals)}`),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'invalidReturnToken',
      message: 'This return link is not valid.',
    });
    expect(errorLines(lines)).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'info',
        code: 'apiException',
        fields: { call: 'returnPage', status: 400 },
      }),
    );
  });

  it('makes the form page of such a link the not-found page, not the error page', async () => {
    const { deps, lines } = await testDeps(carrier.carrier.url, apiKey);
    expect(await linkPage(deps, new URLSearchParams({ token: strayEquals }), 'cs')).toEqual({
      kind: 'notFound',
    });
    expect(await linkPage(deps, new URLSearchParams({ token: 'no-such-return-link-0000' }), 'en')).toEqual({
      kind: 'notFound',
    });
    expect(errorLines(lines)).toEqual([]);
  });

  it('logs a guessed batch id as info and answers 404', async () => {
    const { deps, lines } = await testDeps(carrier.carrier.url, apiKey);
    const batchId = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    const res = await getStatus(deps, apiRequest(`/api/returns/${batchId}`, { params: { batchId } }));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'batchNotFound' });
    expect(errorLines(lines)).toEqual([]);
  });

  it('passes the fields of a carrier’s 400 on with the site’s words, never the carrier’s', () => {
    expect(
      fieldsOf({
        fields: [
          { path: 'sender.zipCode', message: 'PSČ neexistuje v číselníku XY-123' },
          { path: '<img src=x>', message: 'nope' },
        ],
      }),
    ).toEqual([{ path: 'sender.zipCode', message: 'The carrier refused this value.' }]);
  });
});
