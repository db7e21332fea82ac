import type { ReturnAddress } from '../../lib/contract.ts';

/** One object, so React never sees new inner HTML to write over what the early script drew. */
const leftToTheEarlyScript = { __html: '' };

/** Spec §2: the read-only recipient block: name, street, zip and city, country. */
export function Recipient({
  title,
  address,
  countryName,
}: {
  title: string;
  address: ReturnAddress | undefined;
  countryName: string;
}) {
  return (
    <section className="recipient" aria-labelledby="recipient-title">
      <h3 id="recipient-title" className="recipient__title">
        {title}
      </h3>
      {address ? (
        <address className="recipient__address">
          <strong>{address.name}</strong>
          <br />
          {address.street}
          <br />
          {address.zipCode} {address.city}
          <br />
          {countryName}
        </address>
      ) : (
        <>
          {/* The page's inline script draws the recipient here before the island hydrates
              (lib/earlyReturnPageScript.ts). React leaves the inside of an element it fills with
              the same, unchanged inner HTML alone, through hydration and re-renders alike. */}
          <div
            className="recipient__early"
            dangerouslySetInnerHTML={leftToTheEarlyScript}
            suppressHydrationWarning
          />
          <p className="recipient__address recipient__address--pending" aria-hidden="true">
            …
          </p>
        </>
      )}
    </section>
  );
}
