import { i18nObject } from 'typesafe-i18n';
import { initFormatters } from '../../i18n/formatters.ts';
import type { BaseTranslation, Formatters, Locales, TranslationFunctions } from '../../i18n/i18n-types.ts';
import ReturnForm, { type ReturnFormProps } from './ReturnForm.tsx';

/** The island's props without its texts: the page sends what its link decides, the code brings the words. */
export type PageProps = Omit<ReturnFormProps, 'strings' | 'successStrings'>;

/**
 * The form island of one language (`CzechReturnForm.tsx`, `EnglishReturnForm.tsx`): its texts
 * come with its code, cached with it, instead of in every page as props (some 3 KB compressed,
 * which took the page past its first round trip). typesafe-i18n's runtime turns the one
 * dictionary into the same functions the pages call, with its plural rules and parameters.
 */
export function withDictionary(locale: Locales, dictionary: BaseTranslation) {
  const { form, success } = i18nObject<Locales, BaseTranslation, TranslationFunctions, Formatters>(
    locale,
    dictionary,
    initFormatters(locale),
  );
  return function LocalizedReturnForm(props: PageProps) {
    return <ReturnForm {...props} strings={form} successStrings={success} />;
  };
}
