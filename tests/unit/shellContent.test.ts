import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shellSchema } from '../../src/content/schema.ts';
import { locales } from '../../src/lib/locales.ts';

const load = (locale: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../src/content/shell/${locale}.json`, import.meta.url), 'utf8'));

function issuesOf(data: unknown): string[] {
  const result = shellSchema.safeParse(data);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('shell content', () => {
  it('is a file for every locale, and only for them', () => {
    const files = readdirSync(new URL('../../src/content/shell/', import.meta.url));
    expect(files.sort()).toEqual(locales.map((locale) => `${locale}.json`).sort());
  });

  it.each(locales)('%s.json passes the schema', (locale) => {
    expect(issuesOf(load(locale))).toEqual([]);
  });

  it('holds the six header menu links and five footer columns in each locale', () => {
    for (const locale of locales) {
      const shell = shellSchema.parse(load(locale));
      expect(shell.menu).toHaveLength(6);
      expect(shell.footer.columns.length + 1).toBe(5);
    }
  });

  it('holds the spec texts of the not-found and error pages, which editors now own', () => {
    const { notFound, error } = shellSchema.parse(load('en')).pages;
    expect([notFound.headline, notFound.heading, notFound.text]).toEqual([
      '404',
      'Page Not Found',
      'It looks like you do not have a valid link.',
    ]);
    expect([error.title, error.text]).toEqual([
      'An error has occurred.',
      'Sorry, there was an error creating the return shipment. Please try again later or contact our customer support.',
    ]);
    expect(shellSchema.parse(load('cs')).pages.error.title).toBe('Došlo k chybě.');
  });

  it('rejects a link that is not http(s) and names the field', () => {
    const data = load('en') as { menu: { href: string }[] };
    data.menu[2]!.href = 'javascript:alert(1)';
    expect(issuesOf(data)).toEqual(['menu.2.href']);
  });

  it('rejects a missing label, an unknown field and an empty motto', () => {
    const data = load('cs') as {
      footer: { columns: { links: { label?: string }[] }[]; motto: string };
      brand: Record<string, unknown>;
    };
    delete data.footer.columns[1]!.links[0]!.label;
    data.brand['slogan'] = 'typo';
    data.footer.motto = '  ';
    expect(issuesOf(data).sort()).toEqual(['brand', 'footer.columns.1.links.0.label', 'footer.motto']);
  });
});
