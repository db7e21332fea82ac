import {
  addressSuggestionSchema,
  countrySchema,
  creationAcceptedSchema,
  creationRequestSchema,
  headers,
  importStatusSchema,
  returnPageSchema,
} from '@parcel-returns/contract';
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddressSuggestions } from '../../../src/server/api/addresses.ts';
import { createGetCountries } from '../../../src/server/api/countries.ts';
import { postReturn } from '../../../src/server/api/createReturn.ts';
import type { ApiDeps } from '../../../src/server/api/deps.ts';
import { getLabel } from '../../../src/server/api/label.ts';
import { getReturnPage } from '../../../src/server/api/returnPage.ts';
import { getStatus } from '../../../src/server/api/status.ts';
import { apiRequest, creationRequest, testDeps } from './harness.ts';
import { recorded, startRecordedCarrier, type Exchange } from './recordedCarrier.ts';

/**
 * The site against a carrier API's answers as the spec writes them (tests/fixtures/carrier/), not
 * against the reference carrier (reference.test.ts): the site's code and the reference carrier's
 * may change together, a recording does not.
 */
const apiKey = 'recorded-key';
let carrier: Awaited<ReturnType<typeof startRecordedCarrier>>;
let deps: ApiDeps;

beforeAll(async () => {
  carrier = await startRecordedCarrier();
  ({ deps } = await testDeps(carrier.url, apiKey));
});
afterAll(() => carrier.close());

const exchange = (call: string): Exchange => {
  const found = recorded.find((each) => each.call === call);
  if (!found) throw new Error(`no recording of ${call}`);
  return found;
};
const asked = (call: string) => carrier.heard.filter((each) => each.call === call);
const creation = exchange('createDormant').request.body as z.infer<typeof creationRequestSchema>;
const token = creation.base64Token;

describe('the recorded answers', () => {
  it.each([
    ['returnPage', returnPageSchema],
    ['createDormant', creationAcceptedSchema],
    ['status', importStatusSchema],
    ['addressWhisper', z.array(addressSuggestionSchema)],
    ['countries', z.array(countrySchema)],
  ] as const)('of %s parse with the contract', (call, schema) => {
    expect(schema.safeParse(exchange(call).response.body).success).toBe(true);
  });

  it('hold a creation request the contract accepts as it is', () => {
    expect(creationRequestSchema.parse(creation)).toEqual(creation);
  });
});

describe('the site against the recorded carrier', () => {
  it('shows the return page of a token, with the headers every call carries', async () => {
    const res = await getReturnPage(deps, apiRequest(`/api/return-page?token=${encodeURIComponent(token)}`));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(exchange('returnPage').response.body);
    const [call] = asked('returnPage');
    expect(call?.headers).toMatchObject({
      [headers.apiKey.toLowerCase()]: apiKey,
      [headers.applicationName.toLowerCase()]: expect.any(String),
      [headers.applicationVersion.toLowerCase()]: expect.any(String),
      'cache-control': 'no-cache',
      'accept-language': 'cs-CZ',
    });
  });

  it('sends the creation request of spec §3 as JSON patch with a human-check token, and gives the batch id', async () => {
    const res = await postReturn(deps, creationRequest({ ...creation, paidServiceConfirmed: true }));
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual(exchange('createDormant').response.body);
    const [call] = asked('createDormant');
    expect(call?.body).toEqual(creation);
    expect(call?.headers['content-type']).toMatch(/^application\/json-patch\+json/);
    expect(call?.headers[headers.recaptchaToken.toLowerCase()]).toBeTruthy();
  });

  it('tells a Complete status with its label guid', async () => {
    const { batchId } = exchange('createDormant').response.body as { batchId: string };
    const res = await getStatus(deps, apiRequest(`/api/returns/${batchId}`, { params: { batchId } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject(exchange('status').response.body as object);
  });

  it('hands the label on with the file name from content-disposition', async () => {
    const { labelGuid } = exchange('status').response.body as { labelGuid: string };
    const res = await getLabel(
      deps,
      apiRequest(`/api/labels/${labelGuid}`, {
        params: { labelGuid },
        headers: { 'X-Human-Check': 'human' },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="label-3f2b8c1e.pdf"');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf).toEqual(Buffer.from(exchange('label').response.base64Body ?? '', 'base64'));
    expect(asked('label')[0]?.headers[headers.recaptchaToken.toLowerCase()]).toBeTruthy();
  });

  it('suggests the recorded addresses for a Czech street', async () => {
    const res = await getAddressSuggestions(
      deps,
      apiRequest('/api/addresses?street=Americk&calledFrom=Street'),
    );
    expect(await res.json()).toEqual(exchange('addressWhisper').response.body);
  });

  it('lists the recorded countries, asked for 1000 from offset 0', async () => {
    const res = await createGetCountries()(deps, apiRequest('/api/countries'));
    expect(await res.json()).toEqual(exchange('countries').response.body);
    expect(asked('countries')).toHaveLength(1);
  });
});
