import type { SuccessLinks, SuccessStrings } from './strings.ts';

/** What the success screen shows and links to, for one kind of return; the island and the
 * server-rendered sent page (SentScreen.astro) share it, so both say the same. */
interface GuidanceProps {
  strings: SuccessStrings;
  links: SuccessLinks;
  /** A label-less return (QR code) rather than a printed label. */
  qr: boolean;
}

/** Spec §2's info box: what to do with the label or QR code, for a pick-up point or the driver. */
export function SuccessInfo({ strings, qr, driver }: Omit<GuidanceProps, 'links'> & { driver: boolean }) {
  const text = qr
    ? driver
      ? strings.infoQrDriver()
      : strings.infoQrPickup()
    : driver
      ? strings.infoLabelDriver()
      : strings.infoLabelPickup();
  return (
    <div className="success__info" role="note">
      {text}
    </div>
  );
}

/** The carrier's page for ordering a return, offered when the parcel goes to a pick-up point. */
export function ReturnOrderingLink({ strings, links }: Omit<GuidanceProps, 'qr'>) {
  return (
    <a className="button button--secondary" href={links.returnOrdering} target="_blank" rel="noopener">
      {strings.returnOrdering()} <span className="visually-hidden">{strings.newTab()}</span>
    </a>
  );
}

/** After the downloads: how to pack, the tips for a printed label, and where the e-mail went. */
export function SuccessGuidance({ strings, links, qr }: GuidanceProps) {
  return (
    <>
      <p>
        <a href={links.howToPack} target="_blank" rel="noopener">
          {strings.howToPack()}
        </a>
      </p>
      {!qr && (
        <section className="success__tips" aria-labelledby="tips-title">
          <h3 id="tips-title">{strings.tipsTitle()}</h3>
          <ul className="tips">
            <li className="tip">{strings.tipPrint()}</li>
            <li className="tip">{strings.tipStick()}</li>
            <li className="tip">{strings.tipBarcode()}</li>
          </ul>
        </section>
      )}
      <p className="success__emailed">{qr ? strings.emailedQr() : strings.emailed()}</p>
    </>
  );
}
