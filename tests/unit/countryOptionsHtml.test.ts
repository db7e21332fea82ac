import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CountryField } from '../../src/islands/returnForm/CountryField.tsx';
import { islandTexts } from '../../src/islands/returnForm/islandTexts.ts';
import type { Registration } from '../../src/islands/returnForm/TextField.tsx';
import { cultures } from '../../src/lib/locales.ts';

/**
 * The native country list is one string of HTML (CountryField's options, a render's hot path): a
 * name with markup in it arrives as text, and the names without any arrive as they are.
 */
const registration = { name: 'country', onChange: async () => {}, onBlur: async () => {}, ref: () => {} };

/** The field rendered with one list, the same array each time as the server's is. */
async function nativeList(
  options: readonly { value: string; label: string }[],
  value: string,
): Promise<string> {
  const texts = await islandTexts('en');
  return renderToString(
    createElement(CountryField, {
      value,
      registration: registration as unknown as Registration,
      culture: cultures.en,
      countries: [],
      onChange: () => {},
      error: undefined,
      strings: texts.form,
      buildOptions: () => options,
    }),
  );
}

describe("the native country list's options", () => {
  it('escape a name with markup and leave the others as they are, the chosen one marked', async () => {
    const html = await nativeList(
      [
        { value: 'AT', label: 'Austria' },
        { value: 'XX', label: 'Trinidad & "Tobago" <b>' },
        { value: 'CZ', label: 'Czechia' },
      ],
      'CZ',
    );
    expect(html).toContain('<option value="AT">Austria</option>');
    expect(html).toContain('<option value="XX">Trinidad &amp; &quot;Tobago&quot; &lt;b&gt;</option>');
    expect(html).toContain('<option value="CZ" selected>Czechia</option>');
    expect(html).not.toContain('<b>');
  });

  it('start with the placeholder, chosen, while no country is', async () => {
    const placeholder = (await islandTexts('en')).form.selectPlaceholder();
    const html = await nativeList([{ value: 'AT', label: 'Austria' }], '');
    expect(html).toContain(
      `<option value="" selected>${placeholder}</option><option value="AT">Austria</option>`,
    );
  });
});

describe('the HTML of a list, made once and kept', () => {
  it('marks the chosen country of each render, and none when it is not in the list', async () => {
    const options = [
      { value: 'AT', label: 'Austria' },
      { value: 'CZ', label: 'Czechia' },
    ];
    const list = (value: string) =>
      nativeList(options, value).then((html) => html.slice(html.indexOf('<option')));
    expect(await list('CZ')).toContain('<option value="AT">Austria</option><option value="CZ" selected>');
    expect(await list('AT')).toContain('<option value="AT" selected>Austria</option><option value="CZ">');
    expect(await list('$&')).not.toContain('selected');
    expect(await list('CZ')).toContain('<option value="CZ" selected>');
  });
});
