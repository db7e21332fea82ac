import type cs from '../../i18n/cs/index.ts';
import ReturnForm, { type ReturnFormProps } from './ReturnForm.tsx';

/** The island's props without its texts: the page sends what its link decides, the code brings the words. */
export type PageProps = Omit<ReturnFormProps, 'strings' | 'successStrings'>;

/**
 * The form island of one language (`CzechReturnForm.tsx`, `EnglishReturnForm.tsx`): its texts
 * come with its code, cached with it, instead of in every page as props (some 3 KB compressed,
 * which took the page past its first round trip).
 */
export function withDictionary(dictionary: Pick<typeof cs, 'form' | 'success'>) {
  return function LocalizedReturnForm(props: PageProps) {
    return <ReturnForm {...props} strings={dictionary.form} successStrings={dictionary.success} />;
  };
}
