import { i18nObject } from 'typesafe-i18n';
import { initFormatters } from '../../i18n/formatters.ts';
import type { BaseTranslation, Formatters, Locales, TranslationFunctions } from '../../i18n/i18n-types.ts';

/** The island's namespaces of the dictionary. */
export type IslandTexts = Pick<TranslationFunctions, 'form' | 'success' | 'dropOff'>;
type Texts = Promise<IslandTexts>;

// Each language's dictionary is a chunk of its own: a page loads its own language only, cached with
// the island's code, instead of carrying the island's texts in every page.
const dictionaries = import.meta.glob<BaseTranslation>('../../i18n/*/index.ts', { import: 'default' });
const loaded = new Map<Locales, Texts>();

/**
 * The island's texts in one language, through typesafe-i18n's runtime (the plural rules and
 * parameters of the dictionary), for `use()`. The server awaits them before it renders the island;
 * the island's module asks for them as it runs. A dictionary that cannot load leaves the island
 * waiting: the server's form stays, and works.
 */
export function islandTexts(locale: Locales): Texts {
  const texts = loaded.get(locale);
  if (texts) return texts;
  const load = dictionaries[`../../i18n/${locale}/index.ts`];
  if (!load) throw new Error(`src/i18n/${locale}/index.ts is missing`);
  // One more try in the browser, as Astro gives its own imports: a phone's network drops for a moment.
  const made: Texts = load()
    .catch(() => load())
    .then(
      (dictionary) => {
        const t = i18nObject<Locales, BaseTranslation, TranslationFunctions, Formatters>(
          locale,
          dictionary,
          initFormatters(locale),
        );
        // A plain object: the runtime's own answers every property, `then` too, as a promise would.
        return { form: t.form, success: t.success, dropOff: t.dropOff };
      },
      (error: unknown) => {
        // On the server a missing chunk is a broken build; in the browser the server's form stays.
        if (import.meta.env.SSR) throw error;
        return new Promise<never>(() => undefined);
      },
    );
  // Marked settled the way React's `use` reads a promise, so a render after it never suspends.
  void made.then((value) => Object.assign(made, { status: 'fulfilled', value }));
  loaded.set(locale, made);
  return made;
}
