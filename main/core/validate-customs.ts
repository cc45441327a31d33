/**
 * The customs rules of a create (docs/contract.md §17): items and contents type on an international
 * shipment only, each item sound, their weight within the pieces', and the one-item
 * declaration made from the shipment's own fields when none is given. Problems go into the
 * create's FieldErrors, so one 400 names them with every other field's (docs/contract.md §11).
 */
import countries from './countries';
import type { FieldErrors } from './errors';
import { CONTENTS_TYPES, type CustomsItemInput, type WeightUnit } from './schemas';
import type { CustomsItemRecord, CustomsRecord } from './storage';
import { convertWeight, round3, toKg } from './units';

const HS_CODE = /^\d{6,10}$/;
/** A little slack for sums of converted units (a pound is not a round number of kilograms). */
const WEIGHT_SLACK_KG = 0.0005;

type Holey<T> = { [K in keyof T]?: T[K] | undefined };

export interface CustomsContext {
  /** Both countries known and the same: a domestic shipment. */
  domestic: boolean;
  international: boolean;
  /** The collection country: every item's default origin. */
  from: string;
  hsCode: string;
  descriptionOfGoods: string;
  /** The pieces as validated; a weight the schema refused is NaN. */
  pieces: { weight: number; weightUnit: WeightUnit }[];
  costMinor: number;
  /** The shipment's currency, as the operator reads it in a message. */
  currency: string;
  /** The shipment's currency's minor units, for an item's value; null when the currency is unknown. */
  toMinor: ((field: string, label: string, value: number) => number) | null;
  domesticWhy: string;
}

export interface CustomsDraft {
  customsItems?: (Holey<CustomsItemInput> | undefined)[] | undefined;
  contentsType?: string | undefined;
}

const tidy = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export function validateCustoms(
  draft: CustomsDraft,
  ctx: CustomsContext,
  errors: FieldErrors,
): Pick<CustomsRecord, 'contentsType' | 'items'> | undefined {
  if (ctx.domestic) {
    if (draft.customsItems !== undefined)
      errors.add('customsItems', `Customs items are for an international shipment only; ${ctx.domesticWhy}`);
    if (draft.contentsType !== undefined)
      errors.add('contentsType', `Contents type is for an international shipment only; ${ctx.domesticWhy}`);
    return undefined;
  }
  if (!ctx.international) return undefined;

  const contentsType = draft.contentsType ?? CONTENTS_TYPES[0];
  const firstUnit = ctx.pieces[0]?.weightUnit ?? 'KG';
  const items: CustomsItemRecord[] = draft.customsItems
    ? givenItems(draft.customsItems, ctx, errors)
    : [defaultItem(ctx, firstUnit)];

  const piecesKg = ctx.pieces.reduce((sum, p) => sum + toKg(p.weight, p.weightUnit), 0);
  // An item whose weight the schema refused is left out: the others may be too heavy already.
  const itemsKg = items.reduce(
    (sum, i) => sum + (Number.isFinite(i.netWeight) ? toKg(i.netWeight, i.weightUnit as WeightUnit) : 0),
    0,
  );
  // A sale declares a price: customs hold a parcel "sold" for nothing. Items of no value may
  // travel in a sale, and a gift or documents may be worth nothing; the whole sale may not.
  const known =
    ctx.toMinor !== null && Object.keys(errors.fields).every((f) => f !== 'cost' && !f.endsWith('unitValue'));
  if (contentsType === 'Sale of goods' && known && items.every((i) => i.quantity * i.unitValueMinor === 0)) {
    if (draft.customsItems) {
      errors.add(
        'customsItems',
        'A sale of goods must declare what it sold for: enter each item’s unit value, or choose another contents type (Gift, Documents…)',
      );
    } else {
      errors.add(
        'cost',
        `A sale of goods must declare what it sold for: enter the cost of the goods (in ${ctx.currency}), or choose another contents type (Gift, Documents…)`,
      );
    }
  }

  if (
    draft.customsItems &&
    Number.isFinite(piecesKg) &&
    Number.isFinite(itemsKg) &&
    itemsKg > piecesKg + WEIGHT_SLACK_KG
  ) {
    const say = (kg: number) => `${round3(convertWeight(kg, 'KG', firstUnit))} ${firstUnit.toLowerCase()}`;
    errors.add('customsItems', `The items weigh ${say(itemsKg)} in all, more than the pieces’ ${say(piecesKg)}`);
  }
  return { contentsType, items };
}

/** Without items, one made from the shipment: its goods, HS code, whole weight and cost. */
function defaultItem(ctx: CustomsContext, unit: WeightUnit): CustomsItemRecord {
  const weight = ctx.pieces.reduce((sum, p) => sum + convertWeight(p.weight, p.weightUnit, unit), 0);
  return {
    sequenceNumber: 1,
    // The shipment's description may be 70 characters; an item's line holds 50.
    description: Array.from(ctx.descriptionOfGoods).slice(0, 50).join('').trim(),
    quantity: 1,
    unitValueMinor: ctx.costMinor,
    netWeight: round3(weight),
    weightUnit: unit,
    hsCode: ctx.hsCode,
    originCountry: ctx.from,
  };
}

function givenItems(
  given: (Holey<CustomsItemInput> | undefined)[],
  ctx: CustomsContext,
  errors: FieldErrors,
): CustomsItemRecord[] {
  const items: CustomsItemRecord[] = [];
  given.forEach((item, i) => {
    if (item === undefined) return;
    const at = (field: string) => `customsItems[${i}].${field}`;
    const description = tidy(item.description);
    if (item.description !== undefined && !description) errors.add(at('description'), 'Description must not be empty');

    const hsCode = item.hsCode === undefined ? ctx.hsCode : tidy(item.hsCode).replace(/[\s.]/g, '');
    if (item.hsCode !== undefined && !HS_CODE.test(hsCode))
      errors.add(at('hsCode'), 'HS code must be 6 to 10 digits (e.g. 610910)');

    let originCountry = ctx.from;
    if (item.originCountry !== undefined) {
      originCountry = tidy(item.originCountry).toUpperCase();
      if (!/^[A-Z]{2}$/.test(originCountry) || !countries.isValid(originCountry)) {
        errors.add(
          at('originCountry'),
          `Country of origin ${item.originCountry} is not a country code (two letters, e.g. GB)`,
        );
      }
    }
    const unitValueMinor =
      item.unitValue === undefined || !ctx.toMinor ? 0 : ctx.toMinor(at('unitValue'), 'Unit value', item.unitValue);
    items.push({
      sequenceNumber: i + 1,
      description,
      quantity: item.quantity ?? 1,
      unitValueMinor,
      netWeight: item.netWeight ?? NaN,
      weightUnit: item.weightUnit ?? 'KG',
      hsCode,
      originCountry,
    });
  });
  return items;
}

/** The declared value of the whole declaration, minor units. */
export const customsTotalMinor = (customs: Pick<CustomsRecord, 'items'>): number =>
  customs.items.reduce((sum, i) => sum + i.quantity * i.unitValueMinor, 0);
