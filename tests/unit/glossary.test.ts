import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelTexts } from '../../carrier/labels/labelTexts.ts';
import { eventMailCopy } from '../../carrier/mail/eventMailCopy.ts';
import { labelMailCopy } from '../../carrier/mail/labelMailCopy.ts';
import { loadedLocales } from '../../src/i18n/i18n-util.ts';
import { locales, type Locale } from '../../src/lib/locales.ts';
import '../../src/i18n/index.ts';

/*
 * Every text a sender reads in a language holds to that language's glossary (docs/glossary/<lang>.md):
 * none uses a term its 'Never' column lists. Decision 036 says why.
 */

/** The 'Never' terms of a glossary: the backticked words of that column of its table. */
function forbiddenTerms(markdown: string): string[] {
  const rows = markdown.split('\n').filter((line) => line.trimStart().startsWith('|'));
  const header = rows[0]?.split('|').map((cell) => cell.trim()) ?? [];
  const column = header.indexOf('Never');
  if (column < 0) throw new Error('the glossary has no table with a Never column');
  return rows
    .slice(2)
    .flatMap((row) => [...(row.split('|')[column] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]!));
}

/** A term as a whole-word pattern in any case; `*` is any ending of a word. */
function termPattern(term: string): RegExp {
  const body = term
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\p{L}*');
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'iu');
}

/** Every string inside a value, with where it is; functions are called both ways (a flag on and off). */
function strings(value: unknown, where: string): [string, string][] {
  if (typeof value === 'string') return [[where, value]];
  if (typeof value === 'function') {
    const arity = Math.max(value.length, 1);
    const on = (value as (...args: unknown[]) => unknown)(...Array<string>(arity).fill('X'));
    const off = (value as (...args: unknown[]) => unknown)(...Array<string>(arity).fill(''));
    return [...strings(on, `${where}()`), ...strings(off, `${where}()`)];
  }
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, `${where}.${key}`));
  return [];
}

/** Addresses and choices of the shell content are no text a sender reads. */
const notText = (where: string, text: string) =>
  /^https?:\/\//.test(text) || /\.(network|store)$/.test(where);

/** Every text of one language: dictionary, shell content, label, e-mails. */
function textsOf(locale: Locale): [string, string][] {
  const shellFile = join('src', 'content', 'shell', `${locale}.json`);
  const shell = JSON.parse(readFileSync(shellFile, 'utf8')) as unknown;
  return [
    ...strings(loadedLocales[locale], `src/i18n/${locale}`),
    ...strings(shell, shellFile).filter(([where, text]) => !notText(where, text)),
    ...strings(labelTexts[locale], `labelTexts.${locale}`),
    ...strings(labelMailCopy[locale], `labelMailCopy.${locale}`),
    ...strings(eventMailCopy[locale], `eventMailCopy.${locale}`),
  ];
}

/** What in a language's texts uses a term its glossary forbids: `where: 'term' in "text"`. */
function glossaryFindings(locale: Locale): string[] {
  const terms = forbiddenTerms(readFileSync(join('docs', 'glossary', `${locale}.md`), 'utf8'));
  return textsOf(locale).flatMap(([where, text]) =>
    terms.filter((term) => termPattern(term).test(text)).map((term) => `${where}: '${term}' in "${text}"`),
  );
}

describe('the glossaries', () => {
  it('match whole words in any case, a star standing for any ending', () => {
    expect(termPattern('štítku').test('VRATKA BEZ ŠTÍTKU')).toBe(true);
    expect(termPattern('štítku').test('Bez štítka (QR kód)')).toBe(false);
    expect(termPattern('vratk*').test('Vratky pre e-shopy')).toBe(true);
    expect(termPattern('vratk*').test('nevratkový')).toBe(false);
    expect(termPattern('spätn* zásielk*').test('vaša spätná zásielka bola')).toBe(true);
    expect(termPattern('a(z)').test('Feladva a(z) Trafika átvevőhelyen')).toBe(true);
    expect(termPattern('ogóln* warunk* handlow*').test('Akceptuję ogólne warunki handlowe dla')).toBe(true);
    expect(termPattern('courier').test('Driver pickup')).toBe(false);
  });

  it('each forbid terms, for every language', () => {
    for (const locale of locales) {
      const terms = forbiddenTerms(readFileSync(join('docs', 'glossary', `${locale}.md`), 'utf8'));
      expect(terms.length, locale).toBeGreaterThan(8);
    }
  });

  it('read every kind of text of a language', () => {
    const where = textsOf('sk').map(([place]) => place);
    for (const source of [
      'src/i18n/sk.form.',
      'shell/sk.json.pages.',
      'labelTexts.sk.',
      'labelMailCopy.sk.',
      'eventMailCopy.sk.',
    ])
      expect(
        where.some((place) => place.includes(source)),
        source,
      ).toBe(true);
    // A copy function is read with its flag on and off: both the label's and the QR code's subject.
    const subjects = textsOf('sk').filter(([place]) => place === 'labelMailCopy.sk.subject()');
    expect(subjects.map(([, text]) => text.split(' ')[0])).toEqual(['QR', 'Štítok']);
  });

  it.each(locales)('hold in every text a sender reads in %s', (locale) => {
    expect(glossaryFindings(locale)).toEqual([]);
  });
});
