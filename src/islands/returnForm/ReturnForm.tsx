import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { Country, ReturnPage } from '../../lib/contract.ts';
import { cultures, type Locale } from '../../lib/locales.ts';
import { siteApi } from '../../lib/siteApi.ts';
import { callApi } from '../api.ts';
import { goToError, goToNotFound, tokenFromLocation } from '../navigation.ts';
import { $countries, storeCountries } from '../stores/countries.ts';
import { setCulture } from '../stores/culture.ts';
import { recallReturn } from '../stores/rememberReturn.ts';
import { $return, acceptReturn } from '../stores/returnState.ts';
import { buildCountryOptions, optionsOnPage } from './countryOptions.ts';
import type { ServerFormState } from './ErrorSummary.tsx';
import { Loader } from './Loader.tsx';
import { SenderForm } from './SenderForm.tsx';
import type { FormLinks, FormStrings } from './strings.ts';
import './returnForm.scss';

interface ReturnFormProps {
  locale: Locale;
  strings: FormStrings;
  links: FormLinks;
  /** A form the server answered a post with: the return page it loaded and the sender's values and errors. */
  posted?: (ServerFormState & { page: ReturnPage }) | undefined;
}

class ApiFailure extends Error {
  readonly code: string;
  constructor(code: string) {
    super(code);
    this.code = code;
  }
}

/** SWR's fetcher: the site's API, failures thrown with their stable code. */
async function fetchJson<T>(url: string): Promise<T> {
  const result = await callApi<T>(url.split('?')[0] ?? url, url);
  if (!result.ok) throw new ApiFailure(result.code);
  return result.data;
}

/** Shows the loader only when loading takes long enough to notice, so a fast answer does not flash. */
function useSlow(loading: boolean, afterMs: number): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!loading) return setSlow(false);
    const timer = setTimeout(() => setSlow(true), afterMs);
    return () => clearTimeout(timer);
  }, [loading, afterMs]);
  return slow;
}

/**
 * The return form island. The page renders it on the server in its empty state; once
 * hydrated it reads the token (none: not-found), loads the return page (invalid: not-found;
 * failing: error page) and the countries, and hands over to the success screen after a 202.
 */
export default function ReturnForm({ locale, strings, links, posted }: ReturnFormProps) {
  // The native list's names: from the build's data on the server, from that list in the browser.
  const [countryOptions] = useState(() =>
    import.meta.env.SSR ? buildCountryOptions(cultures[locale]) : optionsOnPage(),
  );
  const culture = cultures[locale];
  useState(() => setCulture(culture));
  const [token, setToken] = useState<string>();
  const countries = useStore($countries);
  const state = useStore($return);

  useEffect(() => {
    const found = tokenFromLocation();
    if (!found) return goToNotFound(locale);
    setToken(found);
    // Back on the success screen after a reload or a restored tab.
    const remembered = recallReturn();
    if (remembered) acceptReturn(remembered.batchId, remembered);
    return undefined;
  }, [locale]);

  const swrOptions = { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false };
  const page = useSWR<ReturnPage>(
    token ? `${siteApi.returnPage}?token=${encodeURIComponent(token)}` : null,
    fetchJson,
    swrOptions,
  );
  const countryList = useSWR<Country[]>(
    token && countries.length === 0 ? siteApi.countries : null,
    fetchJson,
    swrOptions,
  );

  useEffect(() => {
    if (countryList.data) storeCountries(countryList.data);
  }, [countryList.data]);
  useEffect(() => {
    if (page.error) {
      if (page.error instanceof ApiFailure && page.error.code === 'returnPageNotFound') goToNotFound(locale);
      else goToError(locale, token);
    } else if (page.data && !page.data.returnAddresses?.length) goToNotFound(locale);
  }, [page.error, page.data, locale, token]);

  const pageData = page.data ?? posted?.page;
  const slow = useSlow(!pageData, 300);
  // The success screen, a separate island, takes over from here.
  if (state.status === 'accepted' || state.status === 'ready') return null;
  if (slow) return <Loader label={strings.loading} />;
  return (
    <SenderForm
      locale={locale}
      culture={culture}
      strings={strings}
      links={links}
      token={token}
      page={pageData}
      countries={countries}
      countryOptions={countryOptions}
      initial={posted}
    />
  );
}
