import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDeps } from '../../src/server/api/deps.ts';
import { CarrierCallError } from '../../src/server/carrier/errors.ts';
import { linkPage } from '../../src/server/form/loadReturnPage.ts';
import { apiKey, startTestCarrier, tokens } from './carrier/harness.ts';
import { testDeps } from './siteApi/harness.ts';

/** What a link decides for its form page: read once, from the query, within a deadline. */
describe('the return page of a link', () => {
  let stop: () => Promise<void>;
  let deps: ApiDeps;
  let lines: { level: string; code: string; fields: Record<string, unknown> }[];
  beforeAll(async () => {
    const started = await startTestCarrier();
    stop = started.stop;
    ({ deps, lines } = await testDeps(started.carrier.url, apiKey));
  });
  afterAll(() => stop());

  const query = (value: string) => new URLSearchParams(value);

  it('is the page of a known token, in the language of the page', async () => {
    const link = await linkPage(deps, query(`token=${tokens.noDriver}`), 'en');
    expect(link).toMatchObject({
      kind: 'page',
      token: tokens.noDriver,
      page: { prepaidDriverPickUp: false },
    });
  });

  it('is not found without a token, with a malformed one, or one the carrier does not know', async () => {
    for (const value of [
      '',
      'token=',
      'token=short',
      'token=<script>alert(1)</script>xx',
      'token=bm8tc3VjaC1wYWdlLWF0LWFsbA',
    ]) {
      expect(await linkPage(deps, query(value), 'cs'), value).toEqual({ kind: 'notFound' });
    }
  });

  it('fails, keeping the token for Try again, when the carrier fails', async () => {
    const failing: ApiDeps = {
      ...deps,
      carrier: {
        ...deps.carrier,
        returnPage: () => Promise.reject(new CarrierCallError(503, 'serviceUnavailable', 'down')),
      },
    };
    expect(await linkPage(failing, query(`token=${tokens.driver}`), 'cs')).toEqual({
      kind: 'failed',
      token: tokens.driver,
    });
  });

  it('gives up on a carrier that does not answer within the deadline, and logs it', async () => {
    const hanging: ApiDeps = {
      ...deps,
      carrier: { ...deps.carrier, returnPage: () => new Promise(() => {}) },
    };
    const started = performance.now();
    expect(await linkPage(hanging, query(`token=${tokens.driver}`), 'en', 50)).toEqual({
      kind: 'failed',
      token: tokens.driver,
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(lines).toContainEqual(
      expect.objectContaining({
        code: 'networkException',
        fields: expect.objectContaining({ call: 'returnPage' }),
      }),
    );
  });
});
