/** One address of a shipment as a fieldset: "Collection address" or "Delivery address". */
import { useState, type ReactNode } from 'react';
import { AddressInput, type SavedAddress } from '../../../main/core/schemas';
import { SelectField, TextField } from '../components/Field';
import { countries } from '../lib/countries';
import { suggestionText, useAddressSuggestions } from './AddressSuggestions';
import type { AddressForm } from './form-model';

/** Each field's length limit, read from the request schema the service validates with. */
const ADDRESS_LIMITS = Object.fromEntries(
  Object.entries(AddressInput.properties).map(([key, schema]) => [key, (schema as { maxLength?: number }).maxLength]),
) as Partial<Record<keyof AddressForm, number>>;

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
  /** Given, the name fields offer matching saved addresses; picking one calls this. */
  onPick?: (address: SavedAddress) => void;
  /** More for the end of the fieldset (a "Save this address" box). */
  footer?: ReactNode;
}

/** Countries whose addresses need their state or province (the station's rule, validate-shipment.ts). */
const REGION_LABELS: Record<string, string> = { US: 'State', CA: 'Province / territory', AU: 'State / territory' };

export function AddressFieldset({
  group,
  legend,
  value,
  errors,
  onChange,
  note,
  disabled,
  onPick,
  footer,
}: AddressFieldsetProps) {
  const regionLabel = REGION_LABELS[value.countryTwoCharacterISOCode];
  // Picking fills ten fields and moves the keyboard on: a screen reader hears what came in.
  const [picked, setPicked] = useState('');
  const pick = (address: SavedAddress) => {
    setPicked(`Filled from the address book: ${suggestionText(address)}.`);
    onPick?.(address);
  };
  const business = useAddressSuggestions(
    `${group}.businessName`,
    onPick ? value.businessName : '',
    pick,
    (a) => a.businessName,
  );
  const person = useAddressSuggestions(`${group}.fullName`, onPick ? value.fullName : '', pick, (a) => a.fullName);
  const field = (key: keyof AddressForm) => ({
    path: `${group}.${key}`,
    value: value[key],
    onValue: (v: string) => {
      setPicked('');
      onChange(key, v);
    },
    error: errors[`${group}.${key}`],
  });
  const text = (key: keyof AddressForm) => ({ ...field(key), maxLength: ADDRESS_LIMITS[key] });
  return (
    <fieldset className="card address-fieldset" disabled={disabled}>
      <legend className="card-title">{legend}</legend>
      {note ? <p className="card-note">{note}</p> : null}
      {onPick ? (
        <p className="card-note picked-note" role="status">
          {picked}
        </p>
      ) : null}
      <div className="grid grid-2">
        <div className="suggest-anchor">
          <TextField
            {...text('businessName')}
            label="Business name"
            autoComplete={onPick ? 'off' : 'organization'}
            {...(onPick ? business.inputProps : {})}
          />
          {onPick ? business.list : null}
        </div>
        <div className="suggest-anchor">
          <TextField
            {...text('fullName')}
            label="Full name"
            autoComplete={onPick ? 'off' : 'name'}
            {...(onPick ? person.inputProps : {})}
          />
          {onPick ? person.list : null}
        </div>
        <TextField
          {...text('addressLine1')}
          label="Address line 1"
          required
          className="span-2"
          autoComplete="address-line1"
        />
        <TextField {...text('addressLine2')} label="Address line 2" autoComplete="address-line2" />
        <TextField {...text('addressLine3')} label="Address line 3" autoComplete="address-line3" />
        <TextField {...text('city')} label="City" required autoComplete="address-level2" />
        <TextField
          {...text('county')}
          label={regionLabel ?? 'County / state'}
          required={regionLabel !== undefined}
          autoComplete="address-level1"
        />
        <TextField
          {...text('postZipCode')}
          label="Post code"
          required
          autoComplete="postal-code"
          className="postcode"
        />
        <SelectField {...field('countryTwoCharacterISOCode')} label="Country" required autoComplete="country">
          <option value="">Choose a country…</option>
          {countries().map((country) => (
            <option key={country.code} value={country.code}>
              {country.name} ({country.code})
            </option>
          ))}
        </SelectField>
        <TextField {...text('phoneNumber')} label="Phone" type="tel" autoComplete="tel" />
        <TextField {...text('emailAddress')} label="Email" type="email" autoComplete="email" />
      </div>
      {footer}
    </fieldset>
  );
}
