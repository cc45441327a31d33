/**
 * The station's own settings: the sender address that prefills New shipment with its customs
 * numbers, the label size and the CN22 limits. Everyone sees them; only administrators change them.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { StationSettings } from '../../../main/core/schemas';
import { api, ApiProblem, describeError } from '../api';
import { TextField } from '../components/Field';
import { Notice } from '../components/Notice';
import { AddressFieldset } from '../shipment/AddressFieldset';
import { addressFromSettings, ADDRESS_KEYS, type AddressForm } from '../shipment/form-model';
import { cn22Body, Cn22LimitsFieldset, cn22Rows, type Cn22Row } from './Cn22LimitsFieldset';

type CustomsNumbers = Pick<StationSettings['senderAddress'], 'eoriNumber' | 'vatNumber' | 'iossNumber'>;
const numbersOf = (sender: StationSettings['senderAddress']): CustomsNumbers => ({
  eoriNumber: sender.eoriNumber,
  vatNumber: sender.vatNumber,
  iossNumber: sender.iossNumber,
});
const NUMBER_FIELDS: { key: keyof CustomsNumbers; label: string; hint: string }[] = [
  { key: 'eoriNumber', label: 'EORI number', hint: 'On every customs form, e.g. GB123456789000.' },
  { key: 'vatNumber', label: 'VAT number', hint: 'On every customs form, with its country code.' },
  {
    key: 'iossNumber',
    label: 'IOSS number',
    hint: 'IM and 10 digits: declared for EU addressees when the goods are worth EUR 150 or less, in EUR.',
  },
];

interface StationPanelProps {
  settings: StationSettings;
  isAdmin: boolean;
}

export function StationPanel({ settings, isAdmin }: StationPanelProps) {
  const [address, setAddress] = useState<AddressForm>(() => addressFromSettings(settings.senderAddress));
  const [numbers, setNumbers] = useState<CustomsNumbers>(() => numbersOf(settings.senderAddress));
  const [labelSize, setLabelSize] = useState(settings.labelSize);
  const [cn22, setCn22] = useState<Cn22Row[]>(() => cn22Rows(settings.cn22MaxValue));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // Save is disabled while saving, which drops the cursor to the page: once done it goes to
  // the first marked field, or back to Save, beside which "saved" is said.
  const form = useRef<HTMLFormElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || busy) return;
    refocus.current = false;
    (form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? saveButton.current)?.focus();
  }, [busy]);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const senderAddress = {
        ...Object.fromEntries(ADDRESS_KEYS.map((key) => [key, address[key].trim()])),
        ...Object.fromEntries(NUMBER_FIELDS.map(({ key }) => [key, numbers[key].trim()])),
      };
      const saved = await api.updateSettings({ body: { senderAddress, labelSize, cn22MaxValue: cn22Body(cn22) } });
      setErrors({});
      setAddress(addressFromSettings(saved.senderAddress));
      setNumbers(numbersOf(saved.senderAddress));
      setLabelSize(saved.labelSize);
      setCn22(cn22Rows(saved.cn22MaxValue));
      setMessage({ tone: 'success', text: 'Station settings saved.' });
    } catch (error) {
      const fields = error instanceof ApiProblem ? { ...error.fields } : {};
      setErrors(fields);
      const count = Object.keys(fields).length;
      // Each field's own sentence sits beside it; this line only says where to look.
      setMessage({
        tone: 'error',
        text:
          count > 0
            ? `Not saved: ${count === 1 ? 'one field needs' : `${count} fields need`} correcting — see the marked ${count === 1 ? 'field' : 'fields'} below, then save again.`
            : describeError(error),
      });
    } finally {
      refocus.current = true;
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="settings-section" onSubmit={save} noValidate aria-labelledby="station-heading">
      <div className="settings-head">
        <h2 id="station-heading">Station</h2>
        <p className="muted">
          {isAdmin
            ? 'Shared by every desk of this station.'
            : 'Shared by every desk of this station. Only an administrator can change these.'}
        </p>
      </div>
      <div className="settings-body">
        {message?.tone === 'error' ? (
          <p className="notice notice-error" role="alert">
            {message.text}
          </p>
        ) : null}
        <AddressFieldset
          group="senderAddress"
          legend="Sender address"
          note="Prefills the collection address of every new shipment; checked as a shipment's address is."
          value={address}
          errors={errors}
          disabled={!isAdmin}
          onChange={(key, value) => setAddress((a) => ({ ...a, [key]: value }))}
        />
        <fieldset className="card" disabled={!isAdmin}>
          <legend className="card-title">Sender’s customs numbers</legend>
          <div className="grid grid-3">
            {NUMBER_FIELDS.map(({ key, label, hint }) => (
              <TextField
                key={key}
                path={`senderAddress.${key}`}
                label={label}
                hint={hint}
                value={numbers[key]}
                error={errors[`senderAddress.${key}`]}
                autoComplete="off"
                onValue={(value) => setNumbers((n) => ({ ...n, [key]: value }))}
              />
            ))}
          </div>
        </fieldset>
        <fieldset className="card" disabled={!isAdmin}>
          <legend className="card-title">Label size</legend>
          <div className="radio-row">
            {(['4x6', 'A6'] as const).map((size) => (
              <label key={size} className="radio-card">
                <input
                  type="radio"
                  name="labelSize"
                  value={size}
                  checked={labelSize === size}
                  onChange={() => setLabelSize(size)}
                />
                <span>
                  <strong>{size === '4x6' ? '4 × 6 in' : 'A6'}</strong>
                  <span className="muted">
                    {size === '4x6'
                      ? '102 × 152 mm, thermal label printers'
                      : '105 × 148 mm, sheet or A6 label printers'}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {errors.labelSize ? <p className="field-error">{errors.labelSize}</p> : null}
        </fieldset>
        <Cn22LimitsFieldset rows={cn22} onRows={setCn22} errors={errors} disabled={!isAdmin} />
        {isAdmin ? (
          <div className="form-actions">
            {message?.tone === 'success' ? <Notice tone="success">{message.text}</Notice> : null}
            <button ref={saveButton} type="submit" className="button button-primary" disabled={busy}>
              {busy ? 'Saving…' : 'Save station settings'}
            </button>
          </div>
        ) : null}
      </div>
    </form>
  );
}
