import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseLocale, i18nObject as translations, loadedLocales } from '../../src/i18n/i18n-util.ts';
import { loadAllLocales } from '../../src/i18n/i18n-util.sync.ts';
import { assertLocalesHaveDictionaries, assertParity, dictionaryDifferences } from '../../src/i18n/parity.ts';
import { locales } from '../../src/lib/locales.ts';
import { titleOf } from '../../src/lib/pageTitle.ts';

// The dictionaries as they are, not through src/i18n/index.ts: its check at import would fail this
// file before a test here could name what differs.
loadAllLocales();
const base = loadedLocales[baseLocale];

describe('translation dictionaries', () => {
  it('exist for every locale, and only for them', () => {
    const folders = readdirSync('src/i18n', { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.map((entry) => entry.name).sort()).toEqual([...locales].sort());
    expect(Object.keys(loadedLocales).sort()).toEqual([...locales].sort());
  });

  it.each(locales)('have exactly the base locale\u2019s keys in %s', (locale) => {
    expect(dictionaryDifferences(base, loadedLocales[locale])).toEqual({ missing: [], extra: [] });
  });

  it.each(locales)('have no empty strings in %s', (locale) => {
    const values = (d: object): string[] =>
      Object.values(d).flatMap((v) => (typeof v === 'string' ? [v] : values(v as object)));
    expect(values(loadedLocales[locale]).filter((v) => v.trim() === '')).toEqual([]);
  });

  it('name every missing and unknown key when a dictionary drifts', () => {
    const { sk } = loadedLocales;
    const { social: _dropped, ...footer } = sk.footer;
    const broken = { ...sk, footer, extra: { key: 'x' } };
    expect(() => assertParity(base, { sk: broken })).toThrow(
      /sk: missing key footer\.social[\s\S]*sk: unknown key extra\.key/,
    );
  });

  it('name a locale without a dictionary and a dictionary without a locale', () => {
    expect(() => assertLocalesHaveDictionaries(['cs', 'de'], ['cs', 'it'])).toThrow(
      /de: no dictionary[\s\S]*it: a dictionary of no locale/,
    );
    expect(() => assertLocalesHaveDictionaries(locales, Object.keys(loadedLocales))).not.toThrow();
  });

  it('title a page with the site name, without the heading’s closing full stop', () => {
    expect(translations('cs').site.titleTemplate({ page: titleOf('Došlo k chybě.') })).toBe(
      'Došlo k chybě | Parcelo',
    );
    expect(titleOf('Stránka nenalezena')).toBe('Stránka nenalezena');
    expect(titleOf('Načítání…')).toBe('Načítání…');
    expect(titleOf('Wait...')).toBe('Wait...');
  });

  it.each([
    ['cs', [1, 2, 5], ['1 minutu', '2 minuty', '5 minut']],
    ['sk', [1, 2, 5], ['1 minútu', '2 minúty', '5 minút']],
    ['pl', [1, 2, 5, 22, 25], ['1 minutę', '2 minuty', '5 minut', '22 minuty', '25 minut']],
    ['hu', [1, 5], ['1 perc', '5 perc']],
    ['en', [1, 5], ['1 minute', '5 minutes']],
  ] as const)('count minutes in %s with its plural forms', (locale, counts, said) => {
    const { form } = translations(locale);
    expect(counts.map((count) => form.waitMinutes({ count }))).toEqual(said);
  });
});
