import type { ReturnAddress } from '@parcel-returns/contract';

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
        <p className="recipient__address recipient__address--pending" aria-hidden="true">
          …
        </p>
      )}
    </section>
  );
}
