import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { Country, ReturnPage } from '../../lib/contract.ts';
import { cultures, type Locale } from '../../lib/locales.ts';
import type { PostedFormState } from '../../lib/senderForm.ts';
import { siteApi } from '../../lib/siteApi.ts';
import { callApi } from '../api.ts';
import { $countries, storeCountries } from '../stores/countries.ts';
import { setCulture } from '../stores/culture.ts';
import { recallReturn } from '../stores/rememberReturn.ts';
import { $return, acceptReturn } from '../stores/returnState.ts';
import { buildCountryOptions, optionsOnPage } from './countryOptions.ts';
import { SenderForm } from './SenderForm.tsx';
import type { FormLinks, FormStrings } from './strings.ts';
import './returnForm.scss';

interface ReturnFormProps {
  locale: Locale;
  strings: FormStrings;
  links: FormLinks;
  /** The link's token and return page, as the server read them for this page. */
  token: string;
  page: ReturnPage;
  /** A form the server answered a post with: the sender's values and errors. */
  posted?: PostedFormState | undefined;
}

/** SWR's fetcher: the site's API, failures thrown with their stable code. */
async function fetchJson<T>(url: string): Promise<T> {
  const result = await callApi<T>(url.split('?')[0] ?? url, url);
  if (!result.ok) throw new Error(result.code);
  return result.data;
}

/**
 * The return form island. The server renders it with the link's token and return page, which
 * decide the recipient and the choices; once hydrated it loads the countries when the list is
 * reached for, and hands over to the success screen after a 202.
 */
export default function ReturnForm({ locale, strings, links, token, page, posted }: ReturnFormProps) {
  // The native list's names: from the build's data on the server, from that list in the browser.
  const [countryOptions] = useState(() =>
    import.meta.env.SSR ? buildCountryOptions(cultures[locale]) : optionsOnPage(),
  );
  const culture = cultures[locale];
  useState(() => setCulture(culture));
  const countries = useStore($countries);
  const state = useStore($return);

  useEffect(() => {
    // Back on the success screen after a reload or a restored tab.
    const remembered = recallReturn();
    if (remembered) acceptReturn(remembered.batchId, remembered);
  }, []);

  const countryList = useSWR<Country[]>(countries.length === 0 ? siteApi.countries : null, fetchJson, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
  useEffect(() => {
    if (countryList.data) storeCountries(countryList.data);
  }, [countryList.data]);

  // The success screen, a separate island, takes over from here.
  if (state.status === 'accepted' || state.status === 'ready') return null;
  return (
    <SenderForm
      locale={locale}
      culture={culture}
      strings={strings}
      links={links}
      token={token}
      page={page}
      countries={countries}
      countryOptions={countryOptions}
      initial={posted}
    />
  );
}
