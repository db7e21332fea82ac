import { use, useEffect, useState } from 'react';
import { sentUrl, type AcceptedReturn, type ReadyLabel, type SentNotice } from '../../lib/acceptedReturn.ts';
import { cultures } from '../../lib/locales.ts';
import { goToError } from '../navigation.ts';
import { clearDraft } from '../returnForm/draft.ts';
import { islandTexts } from '../returnForm/islandTexts.ts';
import type { DropOff } from '../../lib/dropOff.ts';
import { downloadLabel } from './download.ts';
import { DropOffPlaces } from './DropOffPlaces.tsx';
import { OnPhonePanel, QrPanel } from './QrPanel.tsx';
import { ReturnOrderingLink, SuccessGuidance, SuccessInfo } from './SuccessGuidance.tsx';
import type { SuccessLinks } from './strings.ts';
import { Timeline } from './Timeline.tsx';
import { useImportStatus } from './useImportStatus.ts';
import { isSettled, useReturnEvents, type ReturnEvents } from './useReturnEvents.ts';
import './success.scss';

export interface SuccessScreenProps {
  /** The return the carrier accepted, as the sent page's URL holds it. */
  accepted: AcceptedReturn;
  /** The label as the server found it: signed links that work without any script. */
  ready?: ReadyLabel | undefined;
  /** Why the sender is back from a label link: it had expired, or its download failed. */
  notice?: SentNotice | undefined;
  /** 'Return another shipment': the link's form, clean. */
  another: string;
  links: SuccessLinks;
  /** What happened to the return after its label, as the server found it. */
  events: ReturnEvents;
  /** This page's address as a QR code, to open it on a phone for the counter. */
  onPhone: string;
  /** 'Where to take it', for a return to a pick-up point (DropOffPlaces.tsx). */
  dropOff?: DropOff | undefined;
}

/**
 * The success screen (spec §2), the one both ways to send the form end on: the sent page renders
 * it, and as an island it takes the page over. It is the return's page for as long as the return
 * lives: its steps after the label (Timeline), and until the parcel is handed over the label or the
 * QR code. Without a script it is links: the label's signed links, and 'check again' while
 * something is to come. The island polls the import (spec §4) and the steps instead, and
 * downloads the label through the site's API, saying so on the page when a download fails.
 */
export default function SuccessScreen(props: SuccessScreenProps) {
  const { accepted, ready, notice, another, links, onPhone } = props;
  const { locale, token, labelless: qr, driverPickup: driver } = accepted;
  const strings = use(islandTexts(locale)).success;
  // Set once the island's effects run: from then on it polls, and the 'check again' link goes.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  // A failed return goes to the error page, whose 'Try again' opens the form with the draft.
  const polled = useImportStatus(ready ? undefined : accepted.batchId, () =>
    goToError(locale, token, { replace: true }),
  );
  const labelThere = ready !== undefined || polled !== undefined;
  const events = useReturnEvents(accepted.batchId, token, props.events);
  // Once the parcel is handed over, the label and the code have served their purpose.
  const handedOver = events !== 'unsupported' && events.some((event) => event.type !== 'labelCreated');
  const checkAgain = !live && !(labelThere && isSettled(events)) && (
    <a className="button button--secondary success__again" href={sentUrl(accepted)}>
      {strings.checkAgain()}
    </a>
  );
  // The draft was kept for a failure; once the label exists it has served its purpose.
  useEffect(() => {
    if (labelThere) clearDraft(token);
  }, [labelThere, token]);

  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async (format: 'label' | 'a4') => {
    if (!polled || downloading) return;
    setDownloading(true);
    // Cleared first, so a second failure is announced again.
    setFailed(false);
    setFailed(!(await downloadLabel(polled.labelGuid, format, locale)));
    setDownloading(false);
  };
  const downloadName = qr ? strings.downloadQr() : strings.downloadLabel();
  const qrSvg = ready?.qrSvg ?? polled?.qrSvg;
  const smartPin = ready?.smartPin ?? polled?.smartPin;
  const failure =
    failed || notice === 'downloadFailed'
      ? strings.downloadFailed()
      : notice === 'linkExpired' && strings.linkExpired();

  const downloads = (
    <div className="success__actions">
      {/* The label links carry no `download` attribute: the label answers as an attachment anyway,
          and an expired link's way back to this page must open as a page, not be saved as a file. */}
      {ready ? (
        <a className="button button--large" href={ready.label}>
          {downloadName}
        </a>
      ) : (
        <button
          type="button"
          className="button button--large"
          disabled={!polled || downloading}
          aria-busy={!polled || downloading}
          onClick={() => void download('label')}
        >
          {!polled && <span className="spinner" aria-hidden="true" />}
          {downloadName}
        </button>
      )}
      {/* Spec §2: the button keeps its name while disabled; the state is told politely. */}
      <span className="visually-hidden" role="status">
        {labelThere ? (qr ? strings.readyQr() : strings.readyLabel()) : strings.preparing()}
      </span>
      {!qr && ready && (
        <a className="button button--secondary" href={ready.a4}>
          {strings.downloadA4()}
        </a>
      )}
      {!qr && polled && (
        <button
          type="button"
          className="button button--secondary"
          disabled={downloading}
          onClick={() => void download('a4')}
        >
          {strings.downloadA4()}
        </button>
      )}
      {/* Until the island polls, or without it: the page again, which asks the carrier again. */}
      {!labelThere && checkAgain}
      {!driver && <ReturnOrderingLink strings={strings} links={links} />}
    </div>
  );

  return (
    <section className="success" aria-labelledby="success-title">
      <h2 id="success-title" className="success__title">
        {strings.title()}
      </h2>
      <p className="success__description">{strings.description()}</p>
      {!handedOver && (
        <>
          <SuccessInfo strings={strings} qr={qr} driver={driver} />
          {qr && qrSvg && <QrPanel svg={qrSvg} smartPin={smartPin} strings={strings} />}
          {downloads}
          {failure && (
            <p className="success__failed" role="alert">
              {failure}
            </p>
          )}
          {props.dropOff && <DropOffPlaces accepted={accepted} dropOff={props.dropOff} links={links} />}
        </>
      )}
      <Timeline events={events} culture={cultures[locale]} strings={strings} links={links} />
      {labelThere && checkAgain}
      {!handedOver && (
        <>
          <OnPhonePanel svg={onPhone} strings={strings} />
          <SuccessGuidance strings={strings} links={links} qr={qr} />
        </>
      )}
      <div className="success__actions">
        {/* Opens the link's form, clean, whether or not this island ran: the form's island drops the
            draft (draft.ts), and its fresh attempt makes even the same return typed again a new one. */}
        <a className="button" href={another}>
          {strings.another()}
        </a>
        <a className="button button--secondary" href={links.home}>
          {strings.home()}
        </a>
      </div>
    </section>
  );
}
