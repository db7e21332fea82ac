import { describe, expect, it } from 'vitest';
import { forcedChoices } from '../../src/lib/rules.ts';
import { emptySenderForm, type SenderFormValues } from '../../src/lib/senderForm.ts';
import { senderFormSchema } from '../../src/lib/senderFormSchema.ts';
import { sentUrl, type AcceptedReturn } from '../../src/lib/acceptedReturn.ts';
import { checkLabelLink, labelLinkSeconds, signedLabelLink } from '../../src/server/form/labelLink.ts';
import { checkForm, formValues } from '../../src/server/form/parseForm.ts';
import { hiddenFields } from '../../src/server/form/render.ts';
import { attemptOf, idempotencyKeyOf, withFreshAttempt } from '../../src/lib/idempotencyKey.ts';
import { toCreationRequest } from '../../src/lib/creationRequest.ts';
import { idempotencyKeyPattern } from '../../src/lib/siteApi.ts';
import { filled } from './filledForm.ts';

/** The body a browser posts for these values: checked boxes as `on`, unchecked ones left out. */
const bodyOf = (values: SenderFormValues) => new URLSearchParams(hiddenFields(values));

/** The island's messages for values, from the shared schema. */
function islandMessages(values: SenderFormValues): Record<string, string> {
  const result = senderFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

// The island's validation cases (tests/unit/formRules.test.ts), posted as a browser would.
const cases: [string, SenderFormValues][] = [
  ['a complete form', filled],
  ['an empty form', emptySenderForm],
  ['blank fields after trimming', { ...filled, name: '   ', city: ' ' }],
  ['a bad e-mail', { ...filled, email: 'jana@example' }],
  ['a phone over 30 characters', { ...filled, phone: '1'.repeat(31) }],
  ['a phone of 30 characters', { ...filled, phone: '1'.repeat(30) }],
  ['one term unchecked', { ...filled, termsAcceptedBussiness: false }],
  ['a reference over 50 characters', { ...filled, customerReference: 'x'.repeat(51) }],
];

describe('the form posted without scripts', () => {
  it.each(cases)('gives the island’s messages for %s', (_, values) => {
    const { errors } = checkForm(formValues(bodyOf(values)), true);
    expect(errors).toEqual(islandMessages(values));
  });

  it('reads the values back as they were posted', () => {
    expect(formValues(bodyOf(filled))).toEqual(filled);
    expect(formValues(bodyOf({ ...filled, labelType: 'label', handover: 'driver' }))).toMatchObject({
      labelType: 'label',
      handover: 'driver',
    });
  });

  it('cuts what it echoes back and ignores unknown choices', () => {
    const body = new URLSearchParams({ name: 'x'.repeat(10_000), labelType: 'drone', handover: 'teleport' });
    const values = formValues(body);
    expect(values.name).toHaveLength(500);
    expect(values).toMatchObject({ labelType: 'qr', handover: 'pickupPoint', termsAccepted: false });
  });

  it('refuses an unknown country and a missing one', () => {
    const printed = { ...filled, labelType: 'label' } as const;
    expect(checkForm({ ...printed, country: 'XX' }, true).errors).toEqual({ country: 'errorRequired' });
    expect(checkForm({ ...filled, country: '' }, true).errors).toEqual({ country: 'errorRequired' });
  });

  it('applies the island’s forced choices, with a message, where the island hides a choice', () => {
    const cases: [SenderFormValues, boolean][] = [
      [{ ...filled, country: 'SK', labelType: 'qr' }, true],
      [{ ...filled, country: 'DE', labelType: 'label', handover: 'driver' }, true],
      [{ ...filled, country: 'CZ', handover: 'driver' }, false],
      [{ ...filled, country: 'SK', labelType: 'label', handover: 'driver' }, true],
    ];
    for (const [values, pageAllows] of cases) {
      const checked = checkForm(values, pageAllows);
      const forced = forcedChoices(values, pageAllows);
      expect(checked.values).toEqual({ ...values, ...forced });
      expect(checked.errors).toEqual({
        ...(forced.labelType && { labelType: 'errorQrUnavailable' }),
        ...(forced.handover && { handover: 'errorDriverUnavailable' }),
      });
    }
  });
});

describe('one return per request, whichever way it is sent', () => {
  const request = toCreationRequest(filled, 'demo-token-0123456789');

  const attempt = '0b0f4a3e-8d7c-4b1a-9e2f-123456789abc';

  it('gives one attempt’s request one key, and a changed request or another attempt a new key', async () => {
    const key = await idempotencyKeyOf(request, attempt);
    expect(await idempotencyKeyOf({ ...request }, attempt)).toBe(key);
    expect(key).toMatch(idempotencyKeyPattern);
    expect(await idempotencyKeyOf({ ...request, labelless: !request.labelless }, attempt)).not.toBe(key);
    expect(await idempotencyKeyOf(request, crypto.randomUUID())).not.toBe(key);
  });

  it('reads an attempt only as the site makes them, and replaces it with a fresh one', () => {
    expect(attemptOf(new URLSearchParams(`token=t&attempt=${attempt.toUpperCase()}`))).toBe(attempt);
    for (const made of ['', 'x', `${attempt}0`, `{${attempt}}`])
      expect(attemptOf(new URLSearchParams({ attempt: made }))).toBeUndefined();
    const fresh = new URL(
      withFreshAttempt('/en/returns', new URLSearchParams(`token=a%2Bb&attempt=x&lng=sk`)),
      'http://s',
    );
    expect(fresh.pathname).toBe('/en/returns');
    expect([...fresh.searchParams.keys()]).toEqual(['token', 'lng', 'attempt']);
    expect(fresh.searchParams.get('token')).toBe('a+b');
    expect(attemptOf(fresh.searchParams)).toMatch(idempotencyKeyPattern);
  });
});

describe('signed label links', () => {
  const key = Buffer.from('a key for the label links');
  const guid = '0b0f4a3e-8d7c-4b1a-9e2f-123456789abc';
  const from: AcceptedReturn = {
    locale: 'en',
    batchId: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee',
    token: 'demo+token/0123456789==',
    labelless: false,
    driverPickup: true,
  };
  const query = (link: string) => new URL(link, 'http://site.test').searchParams;

  it('opens the label it was made for until it expires, then leads back to its sent page', () => {
    const now = Date.UTC(2026, 10, 23, 9);
    const link = signedLabelLink(key, guid, 'label', from, now);
    expect(link).toMatch(new RegExp(`^/api/labels/${guid}\\?`));
    expect(checkLabelLink(key, guid, query(link), now)).toEqual({
      kind: 'valid',
      from: { ...from, notice: undefined },
    });
    expect(checkLabelLink(key, guid, query(link), now + labelLinkSeconds * 1000 + 1000)).toEqual({
      kind: 'expired',
      from: { ...from, notice: undefined },
    });
  });

  it('opens no other label, format, way back or key, and tells an unsigned request apart', () => {
    const link = signedLabelLink(key, guid, 'label', from);
    const altered = (name: string, value: string) => {
      const params = query(link);
      params.set(name, value);
      return params;
    };
    const invalid = { kind: 'invalid' };
    expect(checkLabelLink(key, guid.replace('0b0f', '1b0f'), query(link))).toEqual(invalid);
    expect(checkLabelLink(key, guid, altered('format', 'a4'))).toEqual(invalid);
    expect(checkLabelLink(key, guid, altered('expires', '99999999999'))).toEqual(invalid);
    expect(
      checkLabelLink(key, guid, altered('back', sentUrl({ ...from, token: 'another-token-0123456789' }))),
    ).toEqual(invalid);
    expect(checkLabelLink(key, guid, altered('back', 'https://elsewhere.example/'))).toEqual(invalid);
    expect(checkLabelLink(Buffer.from('another key'), guid, query(link))).toEqual(invalid);
    expect(checkLabelLink(key, guid, new URLSearchParams())).toEqual({ kind: 'unsigned' });
    expect(checkLabelLink(key, guid, query(signedLabelLink(key, guid, 'a4', from))).kind).toBe('valid');
  });
});
