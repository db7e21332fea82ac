import { config, singleton } from '@keystatic/core';
import { shellFields } from './src/content/editorFields.ts';

/*
 * The content editor at /keystatic (docs/editing.md). Local mode writes to
 * src/content/ and is the default; with PUBLIC_KEYSTATIC_GITHUB_REPO set (owner/name) a save is a
 * commit to that repository instead, and CI's rebuild publishes it.
 */
const repo = import.meta.env.PUBLIC_KEYSTATIC_GITHUB_REPO as `${string}/${string}` | undefined;

const shell = (label: string, locale: string) =>
  singleton({ label, path: `src/content/shell/${locale}`, format: { data: 'json' }, schema: shellFields });

export default config({
  storage: repo ? { kind: 'github', repo } : { kind: 'local' },
  ui: { brand: { name: 'Parcelo – obsah / content' } },
  singletons: {
    shellCs: shell('Čeština (cs)', 'cs'),
    shellEn: shell('English (en)', 'en'),
  },
});
