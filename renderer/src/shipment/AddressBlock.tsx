/** An address as it reads on an envelope, with contact details under it. */
import type { Address } from '../../../main/core/schemas';
import { countryName } from '../lib/countries';

export function AddressBlock({ title, address }: { title: string; address: Address }) {
  const lines = [
    address.businessName,
    address.fullName,
    address.addressLine1,
    address.addressLine2,
    address.addressLine3,
    [address.city, address.county].filter(Boolean).join(', '),
    address.postZipCode,
    countryName(address.countryTwoCharacterISOCode),
  ].filter(Boolean);
  const contact = [address.phoneNumber, address.emailAddress].filter(Boolean);
  return (
    <section className="address-block" aria-label={title}>
      <h3 className="section-label">{title}</h3>
      <address>
        {lines.map((line, i) => (
          <span key={i} className={i === 0 ? 'address-first' : undefined}>
            {line}
          </span>
        ))}
      </address>
      {contact.length ? <p className="muted address-contact">{contact.join(' · ')}</p> : null}
    </section>
  );
}
