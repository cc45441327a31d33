/**
 * The customs items of the New shipment form (docs/contract.md §17): rows as typed, the request's
 * `customsItems` and `contentsType`, their field paths, and the totals shown against the
 * pieces and the declared cost.
 */
import type { ContentsType, CreateShipmentRequest, WeightUnit } from '../../../main/core/schemas';

const KG_PER: Record<WeightUnit, number> = { KG: 1, G: 0.001, LB: 0.45359237, OZ: 0.028349523125 };
const convertWeight = (value: number, from: WeightUnit, to: WeightUnit): number => (value * KG_PER[from]) / KG_PER[to];

export interface CustomsItemForm {
  /** Stable React key; not sent. */
  key: string;
  description: string;
  quantity: string;
  unitValue: string;
  netWeight: string;
  weightUnit: WeightUnit;
  hsCode: string;
  originCountry: string;
}

export const CUSTOMS_ITEM_KEYS = [
  'description',
  'quantity',
  'unitValue',
  'netWeight',
  'weightUnit',
  'hsCode',
  'originCountry',
] as const;
export const MAX_CUSTOMS_ITEMS = 20;
export const DEFAULT_CONTENTS_TYPE: ContentsType = 'Sale of goods';

let itemCounter = 0;
export function newCustomsItem(from?: CustomsItemForm): CustomsItemForm {
  itemCounter += 1;
  const key = `customs-item-${itemCounter}`;
  return from
    ? { ...from, key }
    : {
        key,
        description: '',
        quantity: '1',
        unitValue: '',
        netWeight: '',
        weightUnit: 'KG',
        hsCode: '',
        originCountry: '',
      };
}

const number = (text: string): number | undefined => {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? undefined : Number(trimmed);
};

type CustomsFields = Pick<CreateShipmentRequest, 'customsItems' | 'contentsType'>;

/** Empty fields are left out: the station names what is missing, and defaults HS code and origin. */
export function customsRequest(items: CustomsItemForm[], contentsType: string): CustomsFields {
  const out: CustomsFields = { contentsType: contentsType as CustomsFields['contentsType'] };
  if (items.length === 0) return out;
  out.customsItems = items.map((item) => {
    const row: Record<string, unknown> = { weightUnit: item.weightUnit };
    if (item.description.trim()) row.description = item.description.trim();
    for (const key of ['quantity', 'unitValue', 'netWeight'] as const) {
      const value = number(item[key]);
      if (value !== undefined) row[key] = value;
    }
    if (item.hsCode.trim()) row.hsCode = item.hsCode.trim();
    if (item.originCountry.trim()) row.originCountry = item.originCountry.trim().toUpperCase();
    return row as NonNullable<CustomsFields['customsItems']>[number];
  });
  return out;
}

export function customsFieldPaths(items: CustomsItemForm[]): string[] {
  const paths = ['customsItems', 'contentsType'];
  items.forEach((_item, index) => {
    for (const key of CUSTOMS_ITEM_KEYS) paths.push(`customsItems[${index}].${key}`);
  });
  return paths;
}

export interface CustomsTotals {
  /** In `unit`; NaN while a row's weight is not a number. */
  weight: number;
  value: number;
  unit: WeightUnit;
}

/** The items' total weight (in the first piece's unit) and value, as typed so far. */
export function customsTotals(items: CustomsItemForm[], unit: WeightUnit): CustomsTotals {
  let weight = 0;
  let value = 0;
  for (const item of items) {
    weight += convertWeight(number(item.netWeight) ?? 0, item.weightUnit, unit);
    value += (number(item.quantity) ?? 0) * (number(item.unitValue) ?? 0);
  }
  return { weight: Math.round(weight * 1000) / 1000, value: Math.round(value * 100) / 100, unit };
}

/** The pieces' total weight in the first piece's unit: what the items are held against. */
export function piecesWeight(pieces: { weight: string; weightUnit: WeightUnit }[]): {
  piecesWeight: number;
  piecesUnit: WeightUnit;
} {
  const unit = pieces[0]?.weightUnit ?? 'KG';
  const total = pieces.reduce((sum, p) => sum + convertWeight(number(p.weight) ?? 0, p.weightUnit, unit), 0);
  return { piecesWeight: Math.round(total * 1000) / 1000, piecesUnit: unit };
}
