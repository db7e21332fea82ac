import { describe, expect, it } from 'vitest';
import {
  cultures,
  defaultLocale,
  localeFromLng,
  localeOfTag,
  locales,
  localizedPath,
  splitLocale,
} from '../../src/lib/locales.ts';
import { requiredFieldHint } from '../../src/lib/requiredFieldHint.ts';

describe('locales', () => {
  it('keeps Czech the default, with a culture for every locale', () => {
    expect(defaultLocale).toBe('cs');
    expect(locales).toEqual(['cs', 'en', 'sk', 'pl', 'hu']);
    expect(locales.map((locale) => cultures[locale])).toEqual(['cs-CZ', 'en-US', 'sk-SK', 'pl-PL', 'hu-HU']);
  });

  it('selects a language for lng naming it in any case and nothing otherwise', () => {
    expect(['en', 'EN', 'eN'].map(localeFromLng)).toEqual(['en', 'en', 'en']);
    expect(['sk', 'PL', 'Hu', 'cs'].map(localeFromLng)).toEqual(['sk', 'pl', 'hu', 'cs']);
    expect(['de', '', 'english', 'sk-SK', 'constructor', null, undefined].map(localeFromLng)).toEqual(
      Array(7).fill(undefined),
    );
  });

  it('reads the locale of a language tag such as Accept-Language', () => {
    expect(['pl-PL', 'hu', 'SK-sk,sk;q=0.9', ' en-US', 'cs-CZ'].map(localeOfTag)).toEqual([
      'pl',
      'hu',
      'sk',
      'en',
      'cs',
    ]);
    expect(['de-DE', '', 'x', null, undefined].map(localeOfTag)).toEqual(Array(5).fill(undefined));
  });

  it('keeps Czech unprefixed and every other language under its code', () => {
    expect(localizedPath('cs', '/returns/error')).toBe('/returns/error');
    for (const locale of ['en', 'sk', 'pl', 'hu'] as const) {
      expect(localizedPath(locale, '/returns/error')).toBe(`/${locale}/returns/error`);
      expect(localizedPath(locale, '/')).toBe(`/${locale}`);
      expect(splitLocale(`/${locale}/returns/error`)).toEqual({ locale, path: '/returns/error' });
      expect(splitLocale(`/${locale}`)).toEqual({ locale, path: '/' });
    }
    expect(splitLocale('/returns')).toEqual({ locale: 'cs', path: '/returns' });
    expect(splitLocale('/english')).toEqual({ locale: 'cs', path: '/english' });
    expect(splitLocale('/skip/returns')).toEqual({ locale: 'cs', path: '/skip/returns' });
    expect(splitLocale('/cs/returns')).toEqual({ locale: 'cs', path: '/cs/returns' });
  });
});

describe('required-field hint', () => {
  it.each([
    ['cs-CZ', 'Vyplňte prosím toto pole.'],
    ['hu-HU', 'Kérjük, töltse ki ezt a mezőt.'],
    ['pl-PL', 'Wypełnij to pole.'],
    ['pl', 'Wypełnij to pole.'],
    ['PL-pl', 'Wypełnij to pole.'],
    ['en-US', 'Please fill in this field.'],
    ['de-DE', 'Please fill in this field.'],
    // The spec gives no Slovak wording; the site speaks Slovak, so Slovak has its own (decision 036).
    ['sk-SK', 'Vyplňte, prosím, toto pole.'],
    ['sk', 'Vyplňte, prosím, toto pole.'],
    ['', 'Please fill in this field.'],
  ])('%s → %s', (culture, hint) => {
    expect(requiredFieldHint(culture)).toBe(hint);
  });
});
