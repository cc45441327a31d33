import { describe, expect, it } from 'vitest';
import { customsFieldPaths, customsRequest, customsTotals, newCustomsItem, piecesWeight } from './customs-model';
import { emptyShipmentForm, formFieldPaths, toCreateRequest } from './form-model';

const item = (fields: Partial<ReturnType<typeof newCustomsItem>>) => ({ ...newCustomsItem(), ...fields });

describe('customs items in the New shipment form', () => {
  it('sends the rows as typed, empty fields left out for the station to name or default', () => {
    const rows = [
      item({
        description: ' Scarf ',
        quantity: '2',
        unitValue: '18,50',
        netWeight: '0.4',
        hsCode: '6117.10',
        originCountry: 'gb',
      }),
      item({ description: '', quantity: '', unitValue: '', netWeight: '450', weightUnit: 'G' }),
    ];
    expect(customsRequest(rows, 'Gift')).toEqual({
      contentsType: 'Gift',
      customsItems: [
        {
          description: 'Scarf',
          quantity: 2,
          unitValue: 18.5,
          netWeight: 0.4,
          weightUnit: 'KG',
          hsCode: '6117.10',
          originCountry: 'GB',
        },
        { netWeight: 450, weightUnit: 'G' },
      ],
    });
    expect(customsRequest([], 'Sale of goods')).toEqual({ contentsType: 'Sale of goods' });
    expect(customsFieldPaths(rows)).toContain('customsItems[1].originCountry');
  });

  it('sends customs only for an international shipment, and shows its fields then', () => {
    const form = emptyShipmentForm(undefined, '2026-11-21');
    form.customsItems = [item({ description: 'Scarf' })];
    expect(toCreateRequest(form).customsItems).toBeUndefined();
    expect(formFieldPaths(form)).not.toContain('customsItems[0].description');
    form.deliveryAddress.countryTwoCharacterISOCode = 'DE';
    expect(toCreateRequest(form)).toMatchObject({
      contentsType: 'Sale of goods',
      customsItems: [{ description: 'Scarf' }],
    });
    expect(formFieldPaths(form)).toContain('customsItems[0].description');
  });

  it('totals weight in the first piece’s unit and value by quantity', () => {
    const rows = [
      item({ quantity: '2', unitValue: '18.5', netWeight: '0.4' }),
      item({ quantity: '3', unitValue: '4.5', netWeight: '450', weightUnit: 'G' }),
    ];
    expect(customsTotals(rows, 'G')).toEqual({ weight: 850, value: 50.5, unit: 'G' });
    expect(
      piecesWeight([
        { weight: '1', weightUnit: 'LB' },
        { weight: '16', weightUnit: 'OZ' },
      ]),
    ).toEqual({ piecesWeight: 2, piecesUnit: 'LB' });
  });
});
