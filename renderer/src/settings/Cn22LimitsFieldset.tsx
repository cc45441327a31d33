/**
 * Settings → Station: the CN22 limit per currency (docs/contract.md §17). A shipment whose customs
 * value is at most its currency's limit gets a CN22; above it, or in a currency not listed,
 * a CN23 and a commercial invoice. Each row is a currency and an amount; the station checks
 * them with every other setting and names each wrong row.
 */
import { useEffect, useRef } from 'react';
import { SelectField, TextField } from '../components/Field';
import { currencies } from '../lib/currencies';
import { fieldDomId } from '../lib/field-errors';

export interface Cn22Row {
  /** Stable across edits, for React and for focus. */
  key: number;
  currency: string;
  amount: string;
}

let nextKey = 1;

export function cn22Rows(limits: Record<string, number>): Cn22Row[] {
  return Object.entries(limits)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, value]) => ({ key: nextKey++, currency, amount: String(value) }));
}

/**
 * The rows as the update body's `cn22MaxValue`. An amount that is not a plain number goes
 * as written, so that the station refuses it by name together with any other mistake.
 */
export function cn22Body(rows: Cn22Row[]): Record<string, number> {
  const out: Record<string, number | string> = {};
  for (const row of rows) {
    const text = row.amount.trim().replace(/,/g, '');
    out[row.currency] = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : row.amount;
  }
  return out as Record<string, number>;
}

interface Props {
  rows: Cn22Row[];
  onRows: (rows: Cn22Row[]) => void;
  errors: Record<string, string>;
  disabled: boolean;
}

const rowPath = (row: Cn22Row, part: 'currency' | 'amount') => `cn22.${row.key}.${part}`;

export function Cn22LimitsFieldset({ rows, onRows, errors, disabled }: Props) {
  const addButton = useRef<HTMLButtonElement>(null);
  // After adding a row its currency takes the focus; after removing one, the next row (or Add).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    const target =
      focusNext.current === 'add' ? addButton.current : document.getElementById(fieldDomId(focusNext.current));
    focusNext.current = null;
    target?.focus();
  });

  const taken = new Set(rows.map((r) => r.currency));
  const add = () => {
    const currency = ['GBP', 'EUR', 'USD', ...currencies()].find((c) => !taken.has(c));
    if (!currency) return;
    const row = { key: nextKey++, currency, amount: '' };
    focusNext.current = rowPath(row, 'currency');
    onRows([...rows, row]);
  };
  const remove = (index: number) => {
    const after = rows[index + 1] ?? rows[index - 1];
    focusNext.current = after ? rowPath(after, 'amount') : 'add';
    onRows(rows.filter((_, i) => i !== index));
  };
  const change = (index: number, patch: Partial<Cn22Row>) =>
    onRows(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  return (
    <fieldset className="card stack" disabled={disabled} aria-describedby="cn22-note">
      <legend className="card-title">CN22 limits</legend>
      <p id="cn22-note" className="muted">
        An international shipment worth at most its currency’s limit gets a CN22 with its labels; above it, or in a
        currency not listed, a CN23 and a commercial invoice on A4.
      </p>
      {errors.cn22MaxValue ? <p className="field-error">{errors.cn22MaxValue}</p> : null}
      <ul className="cn22-rows" aria-label="CN22 limits by currency">
        {rows.map((row, index) => (
          <li key={row.key} className="cn22-row">
            <SelectField
              path={rowPath(row, 'currency')}
              label="Currency"
              value={row.currency}
              onValue={(currency) => change(index, { currency })}
            >
              {[row.currency, ...currencies().filter((c) => c !== row.currency && !taken.has(c))].map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
            <TextField
              path={rowPath(row, 'amount')}
              label={`CN22 limit in ${row.currency}`}
              inputMode="decimal"
              autoComplete="off"
              value={row.amount}
              onValue={(amount) => change(index, { amount })}
              error={errors[`cn22MaxValue.${row.currency}`]}
            />
            <button
              type="button"
              className="button button-small"
              onClick={() => remove(index)}
              aria-label={`Remove the ${row.currency} limit`}
            >
              Remove
            </button>
          </li>
        ))}
        {rows.length === 0 ? <li className="muted">No limits: every international shipment gets a CN23.</li> : null}
      </ul>
      <div className="button-group">
        <button ref={addButton} type="button" className="button" onClick={add}>
          Add a currency
        </button>
      </div>
    </fieldset>
  );
}
