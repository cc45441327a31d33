/** One address of a shipment as a fieldset: "Collection address" or "Delivery address". */
import { SelectField, TextField } from '../components/Field';
import { countries } from '../lib/countries';
import type { AddressForm } from './form-model';

interface AddressFieldsetProps {
  /** The address's path in the request: `collectionAddress`, `deliveryAddress`, `senderAddress`. */
  group: string;
  legend: string;
  value: AddressForm;
  errors: Record<string, string>;
  onChange: (key: keyof AddressForm, value: string) => void;
  /** Shown under the legend, e.g. where a prefill came from. */
  note?: string;
  disabled?: boolean;
  /** Mark the fields a shipment needs; a sender address on its own may be partial. */
  markRequired?: boolean;
}

export function AddressFieldset({ group, legend, value, errors, onChange, note, disabled, markRequired = true }: AddressFieldsetProps) {
  const field = (key: keyof AddressForm) => ({
    path: `${group}.${key}`,
    value: value[key],
    onValue: (v: string) => onChange(key, v),
    error: errors[`${group}.${key}`],
  });
  return (
    <fieldset className="card address-fieldset" disabled={disabled}>
      <legend className="card-title">{legend}</legend>
      {note ? <p className="card-note">{note}</p> : null}
      <div className="grid grid-2">
        <TextField {...field('businessName')} label="Business name" maxLength={35} autoComplete="organization" />
        <TextField {...field('fullName')} label="Full name" maxLength={35} autoComplete="name" />
        <TextField {...field('addressLine1')} label="Address line 1" required={markRequired} maxLength={35} className="span-2" autoComplete="address-line1" />
        <TextField {...field('addressLine2')} label="Address line 2" maxLength={35} autoComplete="address-line2" />
        <TextField {...field('addressLine3')} label="Address line 3" maxLength={35} autoComplete="address-line3" />
        <TextField {...field('city')} label="City" required={markRequired} maxLength={35} autoComplete="address-level2" />
        <TextField {...field('county')} label="County / state" maxLength={35} autoComplete="address-level1" />
        <TextField {...field('postZipCode')} label="Post code" required={markRequired} maxLength={10} autoComplete="postal-code" className="postcode" />
        <SelectField {...field('countryTwoCharacterISOCode')} label="Country" required={markRequired} autoComplete="country">
          <option value="">Choose a country…</option>
          {countries().map((country) => (
            <option key={country.code} value={country.code}>
              {country.name} ({country.code})
            </option>
          ))}
        </SelectField>
        <TextField {...field('phoneNumber')} label="Phone" type="tel" maxLength={20} autoComplete="tel" />
        <TextField {...field('emailAddress')} label="Email" type="email" maxLength={254} autoComplete="email" />
      </div>
    </fieldset>
  );
}
