import { describe, expect, it } from 'vitest';
import cs from '../../src/i18n/cs/index.ts';
import en from '../../src/i18n/en/index.ts';
import { assertParity, dictionaryDifferences } from '../../src/i18n/parity.ts';
import { translations } from '../../src/i18n/index.ts';

describe('translation dictionaries', () => {
  it('have exactly the same keys in Czech and English', () => {
    expect(dictionaryDifferences(cs, en)).toEqual({ missing: [], extra: [] });
  });

  it('have no empty strings', () => {
    const values = (d: object): string[] =>
      Object.values(d).flatMap((v) => (typeof v === 'string' ? [v] : values(v as object)));
    for (const dictionary of [cs, en]) expect(values(dictionary).filter((v) => v.trim() === '')).toEqual([]);
  });

  it('name every missing and unknown key when a dictionary drifts', () => {
    const { social: _dropped, ...footer } = en.footer;
    const broken = { ...en, footer, extra: { key: 'x' } };
    expect(() => assertParity(cs, { en: broken })).toThrow(
      /en: missing key footer\.social[\s\S]*en: unknown key extra\.key/,
    );
  });

  it('title a page with the site name', () => {
    expect(translations('cs').site.titleTemplate({ page: 'Došlo k chybě.' })).toBe(
      'Došlo k chybě. | Parcelo',
    );
  });
});
