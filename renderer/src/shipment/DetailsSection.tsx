/** References, value, despatch date, instructions, and — between countries — customs. */
import { SelectField, TextField } from '../components/Field';
import { currencies } from '../lib/currencies';
import type { ShipmentForm } from './form-model';

type DetailKey =
  | 'referenceOne'
  | 'referenceTwo'
  | 'referenceThree'
  | 'cost'
  | 'insuredValue'
  | 'currency'
  | 'despatchDate'
  | 'deliveryInstructions'
  | 'goodsDescription'
  | 'hsCode'
  | 'descriptionOfGoods';

interface DetailsSectionProps {
  form: ShipmentForm;
  international: boolean;
  errors: Record<string, string>;
  onChange: (key: DetailKey, value: string) => void;
}

export function DetailsSection({ form, international, errors, onChange }: DetailsSectionProps) {
  const field = (key: DetailKey) => ({
    path: key,
    value: form[key],
    onValue: (v: string) => onChange(key, v),
    error: errors[key],
  });
  return (
    <>
      <section className="card form-section" aria-labelledby="details-heading">
        <h2 id="details-heading" className="card-title">
          Shipment details
        </h2>
        <div className="grid grid-4">
          <TextField {...field('referenceOne')} label="Reference 1" maxLength={35} />
          <TextField {...field('referenceTwo')} label="Reference 2" maxLength={35} />
          <TextField {...field('referenceThree')} label="Reference 3" maxLength={35} />
          <TextField {...field('despatchDate')} label="Despatch date" type="date" />
          <TextField {...field('cost')} label="Cost" type="number" min="0" step="0.01" inputMode="decimal" />
          <TextField
            {...field('insuredValue')}
            label="Insured value"
            type="number"
            min="0"
            step="0.01"
            inputMode="decimal"
          />
          <SelectField {...field('currency')} label="Currency">
            {currencies().map((code) => (
              <option key={code}>{code}</option>
            ))}
          </SelectField>
          <TextField {...field('goodsDescription')} label="Goods description" maxLength={70} />
          <TextField
            {...field('deliveryInstructions')}
            label="Delivery instructions"
            maxLength={120}
            className="span-4"
          />
        </div>
      </section>
      {international ? (
        <section className="card form-section customs" aria-labelledby="customs-heading">
          <h2 id="customs-heading" className="card-title">
            Customs <span className="badge">International</span>
          </h2>
          <p className="card-note">The two addresses are in different countries: customs needs these.</p>
          <div className="grid grid-4">
            <TextField
              {...field('hsCode')}
              label="HS code"
              required
              maxLength={10}
              inputMode="numeric"
              hint="6 to 10 digits"
            />
            <TextField
              {...field('descriptionOfGoods')}
              label="Description of goods"
              required
              maxLength={70}
              className="span-3"
            />
          </div>
        </section>
      ) : null}
    </>
  );
}
