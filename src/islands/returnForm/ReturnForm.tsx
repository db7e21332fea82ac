import { useStore } from '@nanostores/react';
import { use, useEffect, useState } from 'react';
import type { ReturnPage } from '../../lib/contract.ts';
import { sentUrl } from '../../lib/acceptedReturn.ts';
import { cultures, locales, type Locale } from '../../lib/locales.ts';
import type { PostedFormState } from '../../lib/senderForm.ts';
import { $countries } from '../stores/countries.ts';
import { setCulture } from '../stores/culture.ts';
import { recallReturn } from '../stores/rememberReturn.ts';
import { $return, acceptReturn } from '../stores/returnState.ts';
import type { SuccessLinks } from '../success/strings.ts';
import { useLoadedComponent } from '../useLoadedComponent.ts';
import { buildCountryOptions, optionsOnPage, readOnce } from './countryOptions.ts';
import { islandTexts } from './islandTexts.ts';
import { SenderForm } from './SenderForm.tsx';
import type { FormLinks } from './strings.ts';
import './returnForm.scss';

export interface ReturnFormProps {
  locale: Locale;
  links: FormLinks;
  successLinks: SuccessLinks;
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
const pageLocale = locales.find((locale) => cultures[locale] === globalThis.document?.documentElement.lang);
if (pageLocale) void islandTexts(pageLocale);

/** The success screen's code (spec §2): it loads once the sender sends the form, not with the page. */
const loadSuccessPanel = () => import('../success/SuccessPanel.tsx').then((module) => module.default);

/**
 * The return form island. The server renders it with the link's token and return page, which
 * decide the recipient and the choices; it shows the success screen in the form's place after a
 * 202.
 */
export default function ReturnForm(props: ReturnFormProps) {
  const { locale, links, token, page, posted } = props;
  const texts = use(islandTexts(locale));
  const culture = cultures[locale];
  // The native list's names: from the build's data on the server, from that list in the browser.
  const [countryOptions] = useState(() =>
    import.meta.env.SSR ? readOnce(() => buildCountryOptions(culture)) : () => namesInPage,
  );
  const countries = useStore($countries);
  const state = useStore($return);
  // After a return, 'Return another shipment' opens a clean form, never the one posted before it.
  const [another, setAnother] = useState(false);

  useEffect(() => setCulture(culture), [culture]);
  useEffect(() => {
    // Back on the success screen after a reload or a restored tab.
    const remembered = recallReturn();
    if (remembered) acceptReturn(remembered.batchId, remembered);
  }, []);

  // Asked for while the carrier takes the return, so the screen is there when it answers.
  const shown = state.status === 'accepted' || state.status === 'ready';
  useEffect(() => {
    if (shown) setAnother(true);
  }, [shown]);
  // Its code never arrived: the return exists, so the server's sent page shows it instead.
  const [panelFailed, setPanelFailed] = useState(false);
  const SuccessPanel = useLoadedComponent(loadSuccessPanel, shown || state.status === 'submitting', () =>
    setPanelFailed(true),
  );
  const { batchId, labelless = false, driverPickup = false } = state;
  useEffect(() => {
    if (shown && panelFailed && batchId)
      window.location.assign(sentUrl({ locale, batchId, token, labelless, driverPickup }));
  }, [shown, panelFailed, batchId, locale, token, labelless, driverPickup]);
  if (shown) {
    return SuccessPanel ? (
      <SuccessPanel locale={locale} strings={texts.success} links={props.successLinks} />
    ) : null;
  }
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
      initial={another ? undefined : posted}
    />
  );
}
