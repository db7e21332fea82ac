import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { pressTab } from './a11yPages.ts';

import type { ScreenReader } from './screenReader.ts';
import { escapeRegExp, texts, type Locale } from './senderTexts.ts';

/**
 * The phrase for a control: role, name (a string is the whole name, a RegExp its start), then
 * the states asked for, in the order the virtual screen reader says them.
 */
export function announced(
  role: string,
  name: string | RegExp,
  states: { description?: string; checked?: boolean; invalid?: boolean; required?: boolean } = {},
): RegExp {
  const named = typeof name === 'string' ? escapeRegExp(name) : `${name.source.replace(/^\^/, '')}[^,]*`;
  const parts = [
    `^${escapeRegExp(role)}, ${named}`,
    states.description === undefined ? '' : `, ${escapeRegExp(states.description)}`,
    '(, [^,]+)*?',
    states.checked === undefined ? '' : states.checked ? ', checked' : ', not checked',
    '(, [^,]+)*?',
    states.invalid ? ', invalid' : '',
    '(, [^,]+)*?',
    states.required ? ', required' : '',
    '$',
  ];
  return new RegExp(parts.join(''));
}

/**
 * Every field of the form was said with its label, its required state and its hint (the
 * required-field hint, or its error once the form was sent), and every help button with its text.
 */
export function expectFieldsAnnounced(
  heard: string[],
  locale: Locale,
  { invalid }: { invalid: boolean },
): void {
  const t = texts[locale];
  const hint = (message: string) => (invalid ? message : t.requiredHint);
  const expected: RegExp[] = [
    announced('textbox', t.name, { description: hint(t.errorRequired), invalid, required: true }),
    announced('combobox', t.street, { description: hint(t.errorRequired), invalid, required: true }),
    announced('combobox', t.zipCode, { description: hint(t.errorRequired), invalid, required: true }),
    announced('combobox', t.city, { description: hint(t.errorRequired), invalid, required: true }),
    announced('textbox', t.email, { description: hint(t.errorRequired), invalid, required: true }),
    // The terms must be agreed to before sending: they are as required as the text fields.
    announced('checkbox', t.termsPersons, {
      invalid,
      required: true,
      ...(invalid && { description: t.errorTerms }),
    }),
    announced('checkbox', t.termsCompanies, {
      invalid,
      required: true,
      ...(invalid && { description: t.errorTerms }),
    }),
  ];
  if (!invalid) {
    // The optional fields say so in their names, and are not announced as required.
    // (The virtual screen reader joins 'Phone' and '(optional)' without the space Chromium keeps.)
    for (const label of [t.phone, t.reference]) {
      expected.push(new RegExp(`^textbox, ${escapeRegExp(label).replace(' \\(', ' ?\\(')}$`));
    }
    for (const { label, text } of Object.values(t.help)) {
      expected.push(announced('button', label, { description: text }));
    }
  }
  const missing = expected.filter((phrase) => !heard.some((said) => phrase.test(said)));
  expect.soft(missing.map(String), 'fields not announced as expected').toEqual([]);
}

/**
 * Presses the keys one after another and returns what the screen reader said meanwhile; with
 * `until`, what was said once that is visible (a dialog that opens after a render, say).
 */
export async function pressAndHear(
  page: Page,
  reader: ScreenReader,
  keys: string[],
  until?: Locator,
): Promise<string[]> {
  await reader.heard();
  for (const key of keys) await page.keyboard.press(key);
  if (until) await expect(until).toBeVisible();
  return reader.heard();
}

/** Presses Tab until `target` has the focus (at most `max` times); returns what was said. */
export async function tabUntil(
  page: Page,
  reader: ScreenReader,
  target: Locator,
  max = 40,
): Promise<string[]> {
  await reader.heard();
  for (let presses = 0; presses < max; presses++) {
    await pressTab(page);
    if (await target.evaluate((element) => element === document.activeElement)) return reader.heard();
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}
