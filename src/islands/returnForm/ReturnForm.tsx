import { useStore } from '@nanostores/react';
import { use, useEffect, useState } from 'react';
import type { ReturnPage } from '@parcel-returns/contract';
import { cultures, locales, type Locale } from '../../lib/locales.ts';
import type { PostedFormState } from '../../lib/senderForm.ts';
import { $countries } from '../stores/countries.ts';
import { setCulture } from '../stores/culture.ts';
import { buildCountryOptions, optionsOnPage } from './countryOptions.ts';
import { islandTexts } from './islandTexts.ts';
import { SenderForm } from './SenderForm.tsx';
import type { FormLinks } from './strings.ts';
import './returnForm.scss';

export interface ReturnFormProps {
  locale: Locale;
  links: FormLinks;
  /** The link's token and return page, as the server read them for this page. */
  token: string;
  page: ReturnPage;
  /** A form the server answered a post with: the sender's values and errors. */
  posted?: PostedFormState | undefined;
}

// The native country list's names as the page holds them, read as this module runs, before React
// renders: the island's first render shows the same list the server drew.
const namesInPage = typeof document === 'undefined' ? [] : optionsOnPage();
// The texts of the page's language are asked for as the module runs, not at the first render.
const pageLocale = locales.find(
  (locale) => cultures[locale] === (globalThis as { document?: Document }).document?.documentElement.lang,
);
if (pageLocale) void islandTexts(pageLocale);

/**
 * The return form island. The server renders it with the link's token and return page, which
 * decide the recipient and the choices; after a 202 the sender goes on to the return's sent page.
 */
export default function ReturnForm(props: ReturnFormProps) {
  const { locale, links, token, page, posted } = props;
  const texts = use(islandTexts(locale));
  const culture = cultures[locale];
  // The native list's names: from the build's data on the server, from that list in the browser.
  const [countryOptions] = useState(() =>
    import.meta.env.SSR ? () => buildCountryOptions(culture) : () => namesInPage,
  );
  const countries = useStore($countries);

  useEffect(() => setCulture(culture), [culture]);
  return (
    <SenderForm
      locale={locale}
      culture={culture}
      strings={texts.form}
      links={links}
      token={token}
      page={page}
      countries={countries}
      countryOptions={countryOptions}
      initial={posted}
    />
  );
}
