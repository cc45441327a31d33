/**
 * The customs items of an international shipment (docs/contract.md §17): contents type, one row per
 * kind of goods, added, copied and removed from the keyboard, and the totals against the
 * pieces' weight and the declared cost. With no rows the station declares one item made
 * from the description of goods, the HS code, the pieces' weight and the cost.
 */
import { CONTENTS_TYPES, WEIGHT_UNITS, type WeightUnit } from '../../../main/core/schemas';
import { DECIMAL_INPUT, Options, SelectField, TextField } from '../components/Field';
import { fieldDomId } from '../lib/field-errors';
import { EditableRowsError, EditableRowsHead, RowActions, RowKeysHint, useEditableRows } from './EditableRows';
import { customsTotals, MAX_CUSTOMS_ITEMS, newCustomsItem, type CustomsItemForm } from './customs-model';

interface CustomsItemsTableProps {
  items: CustomsItemForm[];
  contentsType: string;
  /** What the totals are held against. */
  piecesWeight: number;
  piecesUnit: WeightUnit;
  cost: number;
  currency: string;
  collectionCountry: string;
  errors: Record<string, string>;
  onItems: (items: CustomsItemForm[]) => void;
  onContentsType: (value: string) => void;
  onFieldChange: (path: string) => void;
}

const weight = (n: number) => (Number.isFinite(n) ? String(Number(n.toFixed(3))) : '—');
const money = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '—');

export function CustomsItemsTable(props: CustomsItemsTableProps) {
  const { items, errors, onItems } = props;
  const rows = useEditableRows({
    path: 'customsItems',
    rows: items,
    onRows: onItems,
    onField: (index, key, value) => {
      onItems(items.map((item, i) => (i === index ? { ...item, [key]: value } : item)));
      props.onFieldChange(`customsItems[${index}].${key}`);
    },
    errors,
    min: 0,
    max: MAX_CUSTOMS_ITEMS,
    newRow: () => newCustomsItem(),
    copyRow: (item) => newCustomsItem(item),
    firstFieldId: (index) => fieldDomId(`customsItems[${index}].description`),
  });
  const totals = customsTotals(items, props.piecesUnit);
  const tooHeavy = items.length > 0 && totals.weight > props.piecesWeight + 0.0005;
  const valueDiffers = items.length > 0 && Number.isFinite(props.cost) && Math.abs(totals.value - props.cost) > 0.005;

  return (
    <section className="card form-section customs-items" aria-labelledby="customs-items-heading">
      <EditableRowsHead
        rows={rows}
        count={items.length}
        title="Customs items"
        headingId="customs-items-heading"
        addLabel="+ Add item"
      />
      <div className="grid grid-4">
        <SelectField
          path="contentsType"
          label="Contents type"
          value={props.contentsType}
          onValue={props.onContentsType}
          error={errors.contentsType}
        >
          <Options values={CONTENTS_TYPES} />
        </SelectField>
      </div>
      <EditableRowsError rows={rows} />
      {items.length === 0 ? (
        <p className="card-note">
          No items: the declaration will hold one item made from the description of goods, the HS code, the pieces’
          weight and the cost. Add items to declare each kind of goods.
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table customs-table">
            <thead>
              <tr>
                <th scope="col" className="num">
                  #
                </th>
                <th scope="col">Description</th>
                <th scope="col">Quantity</th>
                <th scope="col">Unit value ({props.currency})</th>
                <th scope="col">Net weight</th>
                <th scope="col">HS code</th>
                <th scope="col">Origin</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) => {
                const n = index + 1;
                return (
                  <tr key={item.key} onKeyDown={rows.onRowKey(index)}>
                    <td className="num piece-number">{n}</td>
                    <td>
                      <TextField
                        {...rows.field(index, 'description')}
                        label={`Item ${n} description`}
                        maxLength={50}
                        className="w-desc"
                      />
                    </td>
                    <td>
                      <TextField
                        {...rows.field(index, 'quantity')}
                        label={`Item ${n} quantity`}
                        type="number"
                        min="1"
                        step="1"
                        inputMode="numeric"
                        className="w-num"
                      />
                    </td>
                    <td>
                      <TextField
                        {...rows.field(index, 'unitValue')}
                        label={`Item ${n} unit value`}
                        type="number"
                        min="0"
                        step="0.01"
                        inputMode="decimal"
                        className="w-num"
                      />
                    </td>
                    <td>
                      <div className="inline-inputs">
                        <TextField
                          {...rows.field(index, 'netWeight')}
                          label={`Item ${n} net weight`}
                          {...DECIMAL_INPUT}
                          className="w-num"
                        />
                        <SelectField
                          {...rows.field(index, 'weightUnit')}
                          label={`Item ${n} weight unit`}
                          className="w-unit"
                        >
                          <Options values={WEIGHT_UNITS} />
                        </SelectField>
                      </div>
                    </td>
                    <td>
                      <TextField
                        {...rows.field(index, 'hsCode')}
                        label={`Item ${n} HS code`}
                        maxLength={12}
                        inputMode="numeric"
                        placeholder="as above"
                        className="w-num"
                      />
                    </td>
                    <td>
                      <TextField
                        {...rows.field(index, 'originCountry')}
                        label={`Item ${n} country of origin`}
                        maxLength={2}
                        placeholder={props.collectionCountry}
                        className="w-unit"
                      />
                    </td>
                    <RowActions rows={rows} index={index} noun="item" />
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {items.length > 0 ? (
        <p className="card-note customs-totals" aria-live="polite" data-testid="customs-totals">
          <span className={tooHeavy ? 'field-error' : undefined}>
            Net weight {weight(totals.weight)} {totals.unit.toLowerCase()} of {weight(props.piecesWeight)}{' '}
            {props.piecesUnit.toLowerCase()} in the pieces
            {tooHeavy ? ': more than the pieces weigh' : ''}
          </span>
          {' · '}
          <span>
            Value {money(totals.value)} {props.currency}
            {valueDiffers ? `, the declared cost is ${money(props.cost)} ${props.currency}` : ''}
          </span>
        </p>
      ) : null}
      <RowKeysHint noun="an item" />
    </section>
  );
}
