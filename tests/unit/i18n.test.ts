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
    const { heading: _dropped, ...notFound } = en.notFound;
    const broken = { ...en, notFound, extra: { key: 'x' } };
    expect(() => assertParity(cs, { en: broken })).toThrow(
      /en: missing key notFound\.heading[\s\S]*en: unknown key extra\.key/,
    );
  });

  it('render the spec texts of the not-found and error pages', () => {
    const t = translations('en');
    expect(t.notFound.heading()).toBe('Page Not Found');
    expect(t.notFound.text()).toBe('It looks like you do not have a valid link.');
    expect(t.error.title()).toBe('An error has occurred.');
    expect(t.error.text()).toBe(
      'Sorry, there was an error creating the return shipment. Please try again later or contact our customer support.',
    );
    expect(translations('cs').site.titleTemplate({ page: 'Došlo k chybě.' })).toBe(
      'Došlo k chybě. | Parcelo',
    );
  });
});
