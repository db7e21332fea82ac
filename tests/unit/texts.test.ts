import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countries } from '../../src/lib/countries.ts';
import cs from '../../src/i18n/cs/index.ts';
import en from '../../src/i18n/en/index.ts';
import { loadedLocales } from '../../src/i18n/i18n-util.ts';
import { loadAllLocales } from '../../src/i18n/i18n-util.sync.ts';
import { assertParity } from '../../src/i18n/parity.ts';
import { locales } from '../../src/lib/locales.ts';

// The dictionaries as they are, not through src/i18n/index.ts: its check at import would fail this
// file before a test here could name what differs.
loadAllLocales();

type Dictionary = typeof cs;

/** Every text of a dictionary with its `group.key`. */
function entries(dictionary: Dictionary): [string, string][] {
  return Object.entries(dictionary).flatMap(([group, texts]) =>
    Object.entries(texts as Record<string, string>).map(([key, text]): [string, string] => [
      `${group}.${key}`,
      text,
    ]),
  );
}

/** The source files under a folder, with their text. */
function sources(folder: string): Map<string, string> {
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|astro|mjs)$/.test(file))
    .map((file) => join(folder, file));
  return new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
}

describe('the texts a sender reads', () => {
  it('are in every locale, each dictionary with every key of the base', () => {
    for (const locale of locales) {
      expect(loadedLocales[locale], locale).toBeDefined();
      expect(() => assertParity(cs, { [locale]: loadedLocales[locale] })).not.toThrow();
    }
  });

  it('never break "e-mail" at its hyphen inside a sentence', () => {
    for (const locale of locales) {
      const breakable = entries(loadedLocales[locale]).filter(
        ([, text]) => text.includes(' ') && /e-mail/i.test(text),
      );
      expect(breakable.map(([key]) => `${locale}: ${key}`)).toEqual([]);
    }
    // The editors' page texts too (the not-found page's help names the e-mail).
    for (const locale of locales) {
      const content = readFileSync(join('src', 'content', 'shell', `${locale}.json`), 'utf8');
      expect(content.match(/"[^"\n]* [^"\n]*e-mail[^"\n]*"/gi) ?? []).toEqual([]);
    }
  });

  it('name the home country in English as the country list does', () => {
    const czechia = countries.find((c) => c.code === 'CZ')!.isoName;
    const english = entries(en).map(([, text]) => text);
    expect(english.filter((text) => /Czech Republic/.test(text))).toEqual([]);
    expect(en.form.mapHome).toContain(czechia);
    expect(en.form.handoverPickupTextHome).toContain(czechia);
  });

  it('are each shown by some page or island', () => {
    const code = [...sources('src').entries()]
      .filter(([file]) => !file.startsWith(join('src', 'i18n')))
      .map(([, text]) => text)
      .join('\n');
    const shown = ([name]: [string, string]) => {
      const [group, key] = name.split('.') as [string, string];
      // Pages call `t.group.key()`; islands get a group as `strings`, and the form names its
      // error messages and address fields by key.
      // The language switch names each language from that language's own dictionary.
      const uses = [`t.${group}.${key}(`, `).${group}.${key}(`];
      if (group === 'form' || group === 'success' || group === 'dropOff') uses.push(`strings.${key}`);
      if (group === 'form') uses.push(`'${key}'`);
      // A key chosen at run time from its group: `t.notice[level]()`.
      uses.push(`t.${group}[`);
      return uses.some((use) => code.includes(use));
    };
    expect(
      entries(cs)
        .filter((entry) => !shown(entry))
        .map(([name]) => name),
    ).toEqual([]);
  });
});

describe('the source tree', () => {
  it('holds no module that nothing imports', () => {
    // The root's config files import modules too (astro.config.mjs the editor's integration).
    const configs = readdirSync('.').filter((file) => /\.config\.(ts|mjs)$/.test(file));
    const tree = new Map([
      ...configs.map((file): [string, string] => [file, readFileSync(file, 'utf8')]),
      ...sources('src'),
      ...sources('carrier'),
      ...sources('scripts'),
    ]);
    const imported = new Set<string>();
    for (const [file, text] of tree) {
      for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
        imported.add(normalize(join(dirname(file), match[1]!)).replace(/\.js$/, '.ts'));
      }
      // An integration's routes name their entry points from the project's root.
      for (const match of text.matchAll(/entrypoint:\s*['"](\.[^'"]+)['"]/g))
        imported.add(normalize(match[1]!));
    }
    // Pages are routes, Astro reads content.config.ts and middleware.ts by name, and the edge
    // build's worker is wrangler.jsonc's `main`: nothing imports them. A type declaration is
    // read by the compiler, and an `X.edge.ts` is what an import of `X.ts` gets at the edge.
    const byName = new Set([
      join('src', 'content.config.ts'),
      join('src', 'middleware.ts'),
      join('src', 'worker.ts'),
    ]);
    const modules = [...sources('src').keys()].filter(
      (file) => !file.startsWith(join('src', 'pages')) && !byName.has(file) && !file.endsWith('.d.ts'),
    );
    const reached = (file: string) => imported.has(file.replace(/\.edge\.ts$/, '.ts'));
    expect(modules.filter((file) => !reached(file))).toEqual([]);
  });
});
