import { existsSync } from 'node:fs';
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

/** The languages besides the default, each under its own prefix. */
const prefixed = locales.filter((locale) => locale !== defaultLocale);

describe('locales', () => {
  it('keeps Czech the default, and every language whole: a culture of its own, its texts and its content', () => {
    expect(defaultLocale).toBe('cs');
    for (const locale of locales) {
      expect(cultures[locale]).toMatch(new RegExp(`^${locale}-[A-Z]{2}$`));
      expect(existsSync(`src/i18n/${locale}/index.ts`), locale).toBe(true);
      expect(existsSync(`src/content/shell/${locale}.json`), locale).toBe(true);
    }
    expect(new Set(Object.values(cultures)).size).toBe(locales.length);
  });

  it('selects a language for lng naming it in any case and nothing otherwise', () => {
    for (const locale of locales) {
      const mixed = `${locale[0]?.toUpperCase()}${locale.slice(1)}`;
      expect([locale, locale.toUpperCase(), mixed].map(localeFromLng)).toEqual([locale, locale, locale]);
      // A culture is not a language code: `lng=sk-SK` selects nothing.
      expect(localeFromLng(cultures[locale])).toBeUndefined();
    }
    expect(['de', '', 'english', 'constructor', null, undefined].map(localeFromLng)).toEqual(
      Array(6).fill(undefined),
    );
  });

  it('reads the locale of a language tag such as Accept-Language', () => {
    for (const locale of locales) {
      expect(localeOfTag(cultures[locale])).toBe(locale);
      expect(localeOfTag(` ${cultures[locale].toUpperCase()},de;q=0.9`)).toBe(locale);
    }
    expect(['de-DE', '', 'x', null, undefined].map(localeOfTag)).toEqual(Array(5).fill(undefined));
  });

  it('keeps Czech unprefixed and every other language under its code', () => {
    expect(localizedPath(defaultLocale, '/returns/error')).toBe('/returns/error');
    for (const locale of prefixed) {
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
