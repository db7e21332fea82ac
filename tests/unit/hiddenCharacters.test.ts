import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type csShell from '../../src/content/shell/cs.json';
import { translations } from '../../src/i18n/index.ts';
import { islandTexts } from '../../src/islands/returnForm/islandTexts.ts';
import ReturnForm from '../../src/islands/returnForm/ReturnForm.tsx';
import { creationRequestSchema } from '@parcel-returns/contract';
import { escapeRegExp } from '../escapeRegExp.ts';
import { toCreationRequest } from '../../src/lib/creationRequest.ts';
import type { Locale } from '../../src/lib/locales.ts';
import type { SenderFormValues } from '../../src/lib/senderForm.ts';
import { senderFormSchema } from '../../src/lib/senderFormSchema.ts';
import { postReturn } from '../../src/server/api/createReturn.ts';
import { hiddenFields } from '../../src/server/form/render.ts';
import { submitForm, type FormOutcome } from '../../src/server/form/submitForm.ts';
import { apiKey, startTestCarrier, tokens } from './carrier/harness.ts';
import { creationRequest, testDeps } from './siteApi/harness.ts';
import { filled } from './filledForm.ts';

// The audit's findings: each would show as extra lines in the carrier's e-mail, or turn text around.
const hidden = {
  'a line break (CR LF)': '\r\n',
  'an escape (ESC)': '\u001b',
  'a NUL': '\u0000',
  'a right-to-left override (U+202E)': '\u202e',
  'a left-to-right isolate (U+2066)': '\u2066',
} as const;
const fields = ['name', 'street', 'city', 'customerReference'] as const;
const cases = fields.flatMap((field) =>
  Object.entries(hidden).map(([what, character]) => [field, what, character] as const),
);

/** The first message of each field, as the island and the plain form show them. */
function messages(values: SenderFormValues): Record<string, string> {
  const result = senderFormSchema.safeParse(values);
  if (result.success) return {};
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[String(issue.path[0])] ??= issue.message;
  return first;
}

/** The field paths the server's schema refuses in the creation request made from these values. */
function refusedPaths(values: SenderFormValues): string[] {
  const result = creationRequestSchema.safeParse(toCreationRequest(values, tokens.driver));
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.path.join('.')))];
}

describe('hidden characters in what the sender types', () => {
  it.each(cases)('the form refuses, in the %s, %s', (field, _, character) => {
    expect(messages({ ...filled, [field]: `Jana${character}Nováková` })).toEqual({
      [field]: 'errorCharacters',
    });
  });

  it.each(cases)('the server refuses, in the %s, %s', (field, _, character) => {
    // The request repeats the name as the contact (spec §3), so both are named.
    const paths = { name: ['sender.name', 'sender.contact'], customerReference: ['customerReference'] };
    const expected = field === 'name' || field === 'customerReference' ? paths[field] : [`sender.${field}`];
    expect(refusedPaths({ ...filled, [field]: `Jana${character}Nováková` })).toEqual(expected);
  });

  it('refuses a tab, a C1 control and the line separators in every other text field too', () => {
    for (const character of ['\t', '\u0085', '\u009b', '\u2028', '\u2029', '\u202a', '\u2069', '\u007f']) {
      const values = {
        ...filled,
        zipCode: `318${character}00`,
        email: `jana${character}@example.cz`,
        phone: `+420${character}777`,
      };
      expect(messages(values)).toEqual({
        zipCode: 'errorCharacters',
        email: 'errorCharacters',
        phone: 'errorCharacters',
      });
      expect(refusedPaths(values).sort()).toEqual(['sender.email', 'sender.phone', 'sender.zipCode']);
    }
  });

  it('accepts names with accents, apostrophes, hyphens, other scripts, a joiner and a no-break space', () => {
    const names = [
      'Zoë O’Brien-Nováková',
      "Seán O'Neill",
      'Łódź',
      'Ελένη',
      'Иван Петров',
      'محمد علي',
      '李小龍',
      // Persian writes some names with a zero-width non-joiner, which stays allowed.
      'علی\u200cرضا',
    ];
    for (const name of names) {
      const values = { ...filled, name, city: name, customerReference: name, zipCode: '318\u00a000' };
      expect(messages(values)).toEqual({});
      expect(refusedPaths(values)).toEqual([]);
    }
  });
});

/** The form's name label and hidden-characters message of a locale, escaped for a pattern. */
function escapedForm(locale: Locale): { name: string; errorCharacters: string } {
  const { form } = translations(locale);
  return { name: escapeRegExp(form.name()), errorCharacters: escapeRegExp(form.errorCharacters()) };
}

/** The form as the page renders it for a posted form (src/components/FormPage.astro). */
async function renderPosted(outcome: FormOutcome, locale: Locale): Promise<string> {
  if (outcome.kind !== 'form') throw new Error(`expected the form, got ${outcome.kind}`);
  const shell = JSON.parse(readFileSync(`src/content/shell/${locale}.json`, 'utf8')) as typeof csShell;
  const links = shell.links;
  await islandTexts(locale);
  return renderToString(
    createElement(ReturnForm, {
      locale,
      links,
      token: outcome.token,
      page: outcome.page,
      posted: outcome,
    }),
  );
}

describe('the form posted without scripts with hidden characters', { timeout: 30_000 }, () => {
  let carrier: Awaited<ReturnType<typeof startTestCarrier>>;
  beforeAll(async () => {
    carrier = await startTestCarrier();
  });
  afterAll(() => carrier.stop());

  it.each(['cs', 'en'] as const)(
    'comes back in %s with the message beside the name and in the summary',
    async (locale) => {
      const { name: label, errorCharacters: text } = escapedForm(locale);
      const { deps } = await testDeps(carrier.carrier.url, apiKey, { timeoutMs: 10_000 });
      const values = { ...filled, labelType: 'label', name: 'Jana\u202eNováková' } as const;
      const request = new Request(`http://site.test/returns/submit?token=${tokens.driver}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://site.test' },
        body: new URLSearchParams(hiddenFields(values)).toString(),
      });
      const outcome = await submitForm(deps, { request, clientAddress: '10.3.0.1', params: {} }, locale);
      expect(outcome).toMatchObject({ kind: 'form', status: 200, errors: { name: 'errorCharacters' } });
      const html = await renderPosted(outcome, locale);
      expect(html).toMatch(/<input id="name"[^>]*aria-invalid="true" aria-describedby="name-error"/);
      expect(html).toMatch(new RegExp(`<p id="name-error" class="field__error">${text}</p>`));
      expect(html).toMatch(new RegExp(`<a href="#name">${label}<!-- -->: <!-- -->${text}`));
    },
  );
});

describe('POST /api/returns with hidden characters', () => {
  it('answers 400 with a stable code and the fields’ paths, before the carrier hears of it', async () => {
    // No carrier listens here: the body is refused before any call.
    const { deps } = await testDeps('http://127.0.0.1:9', apiKey);
    const request = toCreationRequest(filled, tokens.driver);
    const res = await postReturn(
      deps,
      creationRequest({
        ...request,
        sender: { ...request.sender, name: 'Jana\u202eNováková', city: 'Plzeň\u001b[2J' },
        customerReference: 'OBJ-7\r\nBcc: someone@example.cz',
      }),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; fields: { path: string }[] };
    expect(body.code).toBe('badRequest');
    expect(body.fields.map((f) => f.path).sort()).toEqual([
      'customerReference',
      'sender.city',
      'sender.name',
    ]);
  });
});
