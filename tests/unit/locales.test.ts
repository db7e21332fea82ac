import { describe, expect, it } from 'vitest';
import { localeFromLng, localizedPath, splitLocale } from '../../src/lib/locales.ts';
import { requiredFieldHint } from '../../src/lib/requiredFieldHint.ts';

describe('locales', () => {
  it('selects English for lng=en in any case and nothing otherwise', () => {
    expect(['en', 'EN', 'eN'].map(localeFromLng)).toEqual(['en', 'en', 'en']);
    expect(['cs', 'de', '', 'english', null, undefined].map(localeFromLng)).toEqual(Array(6).fill(undefined));
  });

  it('keeps Czech unprefixed and English under /en', () => {
    expect(localizedPath('cs', '/returns/error')).toBe('/returns/error');
    expect(localizedPath('en', '/returns/error')).toBe('/en/returns/error');
    expect(splitLocale('/en/returns/error')).toEqual({ locale: 'en', path: '/returns/error' });
    expect(splitLocale('/returns')).toEqual({ locale: 'cs', path: '/returns' });
    expect(splitLocale('/english')).toEqual({ locale: 'cs', path: '/english' });
  });
});

describe('required-field hint', () => {
  it.each([
    ['cs-CZ', 'Vyplňte prosím toto pole.'],
    ['hu-HU', 'Kérjük, töltse ki ezt a mezőt.'],
    ['pl', 'Wypełnij to pole.'],
    ['PL-pl', 'Wypełnij to pole.'],
    ['en-US', 'Please fill in this field.'],
    ['de-DE', 'Please fill in this field.'],
    ['', 'Please fill in this field.'],
  ])('%s → %s', (culture, hint) => {
    expect(requiredFieldHint(culture)).toBe(hint);
  });
});
