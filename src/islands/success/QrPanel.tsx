import type { SuccessStrings } from './strings.ts';

/**
 * A label-less return's QR code and SmartPIN on screen, so the sender can hand the parcel
 * over from the phone without printing or downloading anything. The SVG comes from the
 * site's own API, which drew it; it holds no script.
 */
export function QrPanel({
  svg,
  smartPin,
  strings,
}: {
  svg: string;
  smartPin: string | undefined;
  strings: SuccessStrings;
}) {
  return (
    <section className="qr" aria-labelledby="qr-title">
      <h3 id="qr-title">{strings.qrTitle()}</h3>
      <QrImage className="qr__code" svg={svg} alt={strings.qrAlt()} side={240} />
      {smartPin && (
        <p className="qr__pin">
          <span>{strings.smartPin()}</span> <strong>{smartPin}</strong>
        </p>
      )}
      <p className="qr__hint">{strings.qrHint()}</p>
    </section>
  );
}

/**
 * This page's address as a QR code, shown on wide screens with a fine pointer (a desktop): the
 * sender opens the same page on the phone and shows the code at the counter from there.
 */
export function OnPhonePanel({ svg, strings }: { svg: string; strings: SuccessStrings }) {
  return (
    <section className="on-phone" aria-labelledby="on-phone-title">
      <div>
        <h3 id="on-phone-title">{strings.openOnPhone()}</h3>
        <p>{strings.openOnPhoneHint()}</p>
      </div>
      <QrImage className="on-phone__code" svg={svg} alt={strings.openOnPhoneAlt()} side={120} />
    </section>
  );
}

/** A QR code the server drew as an SVG document, as an image of the page. */
function QrImage({
  svg,
  alt,
  side,
  className,
}: {
  svg: string;
  alt: string;
  side: number;
  className: string;
}) {
  // A data URL's parameters are name=value pairs: `;utf8` alone is invalid HTML.
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return <img className={className} src={src} alt={alt} width={side} height={side} />;
}
