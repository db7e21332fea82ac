import { config, singleton } from '@keystatic/core';
import { shellFields } from './src/content/editorFields.ts';
import { locales, type Locale } from './src/lib/locales.ts';

/*
 * The content editor at /keystatic (docs/editing.md). Local mode writes to
 * src/content/ and is the default; with PUBLIC_KEYSTATIC_GITHUB_REPO set (owner/name) a save is a
 * commit to that repository instead, and CI's rebuild publishes it.
 */
const repo = import.meta.env.PUBLIC_KEYSTATIC_GITHUB_REPO as `${string}/${string}` | undefined;

/** A language's name in that language, as the editor lists it: 'Čeština (cs)', 'Polski (pl)'. */
const label = (locale: string) => {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return `${name.charAt(0).toLocaleUpperCase(locale)}${name.slice(1)} (${locale})`;
};

const shell = (locale: Locale) =>
  singleton({
    label: label(locale),
    path: `src/content/shell/${locale}`,
    format: { data: 'json' },
    schema: shellFields,
  });

/** One singleton per locale, `shell<Locale>` (shellCs, shellEn, …), on src/content/shell/<locale>.json. */
const shells = Object.fromEntries(
  locales.map((locale) => [`shell${locale.charAt(0).toUpperCase()}${locale.slice(1)}`, shell(locale)]),
) as Record<`shell${Capitalize<Locale>}`, ReturnType<typeof shell>>;

export default config({
  storage: repo ? { kind: 'github', repo } : { kind: 'local' },
  ui: { brand: { name: 'Parcelo – obsah / content' } },
  singletons: shells,
});
