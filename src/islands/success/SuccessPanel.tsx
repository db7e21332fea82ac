import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../lib/locales.ts';
import { goToError, tokenFromLocation } from '../navigation.ts';
import { clearDraft } from '../returnForm/draft.ts';
import { forgetReturn } from '../stores/rememberReturn.ts';
import { $return, failReturn, resetReturn } from '../stores/returnState.ts';
import { downloadLabel } from './download.ts';
import { QrPanel } from './QrPanel.tsx';
import { ReturnOrderingLink, SuccessGuidance, SuccessInfo } from './SuccessGuidance.tsx';
import type { SuccessLinks, SuccessStrings } from './strings.ts';
import styles from './success.scss?inline';
import { useImportStatus } from './useImportStatus.ts';

export interface SuccessScreenProps {
  locale: Locale;
  strings: SuccessStrings;
  links: SuccessLinks;
}

/**
 * The success screen's content (spec §2), mounted in the form island's place while the
 * carrier has accepted the return: it polls the import until the label exists, then offers
 * the download (and, for a QR return, shows the code itself).
 */
export default function SuccessPanel({ locale, strings, links }: SuccessScreenProps) {
  const state = useStore($return);
  const heading = useRef<HTMLHeadingElement>(null);
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);
  // A failed return goes back to the form, not to this screen: Back and the error page's
  // 'Try again' open the form of the same link with the draft, for a new return.
  useImportStatus(state.batchId, () => {
    failReturn();
    forgetReturn();
    goToError(locale, tokenFromLocation());
  });
  // The draft was kept for a failure; once the label exists it has served its purpose.
  useEffect(() => {
    const token = tokenFromLocation();
    if (state.status === 'ready' && token) clearDraft(token);
  }, [state.status]);

  // Mounted only while the return is accepted or ready (the island decides): this is its arrival.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, []);

  const ready = state.status === 'ready' && state.labelGuid !== undefined;
  const qr = state.labelless === true;
  const driver = state.driverPickup === true;
  const download = async (format: 'label' | 'a4') => {
    if (!state.labelGuid || downloading) return;
    setDownloading(true);
    // Cleared first, so a second failure is announced again.
    setFailed(false);
    setFailed(!(await downloadLabel(state.labelGuid, format, locale)));
    setDownloading(false);
  };
  const another = () => {
    const token = tokenFromLocation();
    if (token) clearDraft(token);
    forgetReturn();
    resetReturn();
    // The button goes away with the screen: without this the focus falls to <body> and a
    // phone stays scrolled to where the button was, in the middle of the new form.
    document.getElementById('returns-heading')?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  };

  return (
    <section className="success" aria-labelledby="success-title">
      {/* Its styles come with its code (React puts them in the page's head), not in every form page. */}
      <style href="success-screen" precedence="late">
        {styles}
      </style>
      <h2 id="success-title" ref={heading} tabIndex={-1} className="success__title">
        {strings.title()}
      </h2>
      <p className="success__description">{strings.description()}</p>
      <SuccessInfo strings={strings} qr={qr} driver={driver} />
      {qr && ready && state.qrSvg && (
        <QrPanel svg={state.qrSvg} smartPin={state.smartPin} strings={strings} />
      )}
      <div className="success__actions">
        <button
          type="button"
          className="button button--large"
          disabled={!ready || downloading}
          aria-busy={!ready || downloading}
          onClick={() => void download('label')}
        >
          {!ready && <span className="spinner" aria-hidden="true" />}
          {qr ? strings.downloadQr() : strings.downloadLabel()}
        </button>
        {/* Spec §2: the button keeps its name while disabled; the state is told politely. */}
        <span className="visually-hidden" role="status">
          {ready ? (qr ? strings.readyQr() : strings.readyLabel()) : strings.preparing()}
        </span>
        {!qr && ready && (
          <button
            type="button"
            className="button button--secondary"
            disabled={downloading}
            onClick={() => void download('a4')}
          >
            {strings.downloadA4()}
          </button>
        )}
        {!driver && <ReturnOrderingLink strings={strings} links={links} />}
      </div>
      {failed && (
        <p className="success__failed" role="alert">
          {strings.downloadFailed()}
        </p>
      )}
      <SuccessGuidance strings={strings} links={links} qr={qr} />
      <div className="success__actions">
        <button type="button" className="button" onClick={another}>
          {strings.another()}
        </button>
        <a className="button button--secondary" href={links.home}>
          {strings.home()}
        </a>
      </div>
    </section>
  );
}
