import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReturnPage } from '@parcel-returns/contract';
import shell from '../../src/content/shell/en.json';
import { translations } from '../../src/i18n/index.ts';
import { summaryTargets } from '../../src/islands/returnForm/ErrorSummary.tsx';
import { islandTexts } from '../../src/islands/returnForm/islandTexts.ts';
import ReturnForm from '../../src/islands/returnForm/ReturnForm.tsx';
import { locales } from '../../src/lib/locales.ts';
import { senderTextFields } from '../../src/lib/senderFields.ts';
import { emptySenderForm, type PostedFormState } from '../../src/lib/senderForm.ts';

/**
 * The form as the server draws it from the list of the sender's fields (src/lib/senderFields.ts):
 * the inputs, in the list's order, with its attributes; the error summary in the form's order.
 */
const page: ReturnPage = {
  prepaidDriverPickUp: true,
  returnAddresses: [
    { addressType: 'Default', name: 'Shop', street: 'A 1', zipCode: '30100', city: 'Plzeň', country: 'CZ' },
  ],
};

/** Every field in error, so the summary links them all. */
const everyError: PostedFormState = {
  values: emptySenderForm,
  errors: Object.fromEntries(Object.keys(emptySenderForm).map((name) => [name, 'errorRequired'])),
};

let html: string;
beforeAll(async () => {
  await islandTexts('en');
  const props = {
    locale: 'en',
    links: shell.links,
    token: 'a'.repeat(16),
    page,
    posted: everyError,
  } as const;
  html = renderToString(createElement(ReturnForm, props));
});

/** The opening tag of the input with this id. */
const inputTag = (id: string) => html.match(new RegExp(`<input id="${id}"[^>]*>`))?.[0] ?? '';

describe('the sender’s fields in the form', () => {
  it('are drawn in the list’s order, each with its name, autocomplete and limit', () => {
    const drawn = [...html.matchAll(/<input id="([^"]+)"[^>]*class="field__input"/g)].map(([, id]) => id);
    expect(drawn).toEqual(senderTextFields.map((field) => field.name));
    for (const field of senderTextFields) {
      const tag = inputTag(field.name);
      expect(tag, field.name).toContain(`name="${field.name}"`);
      expect(tag, field.name).toContain(`autoComplete="${field.autoComplete}"`);
      if (field.kind === 'email') expect(tag).not.toContain('maxLength');
      else expect(tag, field.name).toContain(`maxLength="${field.maxLength}"`);
      expect(tag.includes(' required=""'), field.name).toBe(field.kind !== 'optional');
    }
  });

  it('each have a label and any help tip in every language', () => {
    for (const locale of locales) {
      const form = translations(locale).form as unknown as Record<string, () => string>;
      for (const field of senderTextFields) {
        expect(form[field.name]?.().trim(), `${locale} ${field.name}`).toBeTruthy();
        if ('help' in field) expect(form[field.help]?.().trim(), `${locale} ${field.help}`).toBeTruthy();
      }
    }
  });

  it('are summed up, with every other field, in the order the form shows them', () => {
    expect(summaryTargets.map(([name]) => name).sort()).toEqual(Object.keys(emptySenderForm).sort());
    const linked = [...html.matchAll(/<a href="#([^"]+)">/g)].map(([, id]) => id);
    expect(linked).toEqual(summaryTargets.map(([, id]) => id));
    const drawnAt = linked.map((id) => html.indexOf(` id="${id}"`));
    expect(drawnAt.every((at) => at > 0)).toBe(true);
    expect(drawnAt).toEqual([...drawnAt].sort((a, b) => a - b));
  });
});
