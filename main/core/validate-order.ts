/**
 * The rules of an order (docs/contract.md §18) beyond its schema: addresses as a create's, money,
 * items' codes and countries, the package. Returns the order as it will be stored (its
 * totals derived from the items), or the problems, each named by its path in the order.
 */
import countries from './countries';
import { parseDateInput } from './dates';
import { FieldErrors, ProblemError } from './errors';
import { isCurrency, minorUnitFactor, toMinorUnits } from './money';
import type { OrderInput } from './schemas';
import type { NewOrder, OrderItemRecord, OrderPackage } from './storage';
import { round3, toKg } from './units';
import { validateAddress } from './validate-shipment';

const HS_CODE = /^\d{6,10}$/;
const tidy = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export interface ValidOrder {
  order: Omit<NewOrder, 'uuid' | 'createdOn' | 'updatedOn' | 'status' | 'createdBy'>;
  items: OrderItemRecord[];
}

function money(field: string, value: number, currency: string, errors: FieldErrors): number {
  const factor = minorUnitFactor(currency);
  const scaled = value * Math.min(factor, 100);
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6)
    errors.add(
      field,
      factor >= 100
        ? 'Unit value must have at most 2 decimals'
        : `Unit value must be a whole number: ${currency} has no minor units`,
    );
  return toMinorUnits(value, currency);
}

/**
 * An order as the rules see it: a field the schema refused is left out, so each rule checks
 * only what has the right type (docs/contract.md §11).
 */
type Holey<T> = { [K in keyof T]?: T[K] | undefined };
export type OrderDraft = Omit<Holey<OrderInput>, 'deliveryAddress' | 'items'> & {
  deliveryAddress?: Holey<OrderInput['deliveryAddress']> | undefined;
  items?: (Holey<OrderInput['items'][number]> | undefined)[] | undefined;
};

/** An order checked against the rules; throws one 400 naming every wrong field. */
export function validateOrder(input: OrderDraft): ValidOrder {
  const errors = new FieldErrors();
  const orderNumber = tidy(input.orderNumber);
  if (!orderNumber) errors.add('orderNumber', 'Order number must not be empty');

  let orderDate: number | null = null;
  if (input.orderDate !== undefined && input.orderDate.trim() !== '') {
    const parsed = parseDateInput(input.orderDate);
    if (!parsed)
      errors.add('orderDate', `Order date ${input.orderDate} is not a date (e.g. 2026-03-14 or 2026-03-14T09:30:00Z)`);
    else orderDate = parsed.ms;
  }
  const deliveryAddress = validateAddress(input.deliveryAddress ?? {}, 'deliveryAddress', errors);
  const collectionAddress = input.collectionAddress
    ? validateAddress(input.collectionAddress, 'collectionAddress', errors)
    : null;

  const currency = tidy(input.currency) || 'GBP';
  const currencyKnown = /^[A-Z]{3}$/.test(currency) && isCurrency(currency);
  if (!currencyKnown)
    errors.add('currency', `Currency ${input.currency} is not a currency code (three letters, e.g. GBP or EUR)`);

  const items: OrderItemRecord[] = (input.items ?? []).map((given, i) => {
    const item = given ?? {};
    const at = (field: string) => `items[${i}].${field}`;
    const description = tidy(item.description);
    if (item.description !== undefined && !description) errors.add(at('description'), 'Description must not be empty');
    const hsCode = tidy(item.hsCode).replace(/[\s.]/g, '');
    if (hsCode && !HS_CODE.test(hsCode)) errors.add(at('hsCode'), 'HS code must be 6 to 10 digits (e.g. 610910)');
    const originCountry = tidy(item.originCountry).toUpperCase();
    if (originCountry && (!/^[A-Z]{2}$/.test(originCountry) || !countries.isValid(originCountry)))
      errors.add(
        at('originCountry'),
        `Country of origin ${item.originCountry} is not a country code (two letters, e.g. GB)`,
      );
    return {
      sequenceNumber: i + 1,
      sku: tidy(item.sku),
      description,
      quantity: item.quantity ?? NaN,
      unitValueMinor: currencyKnown ? money(at('unitValue'), item.unitValue ?? 0, currency, errors) : 0,
      unitWeight: item.unitWeight ?? NaN,
      weightUnit: item.weightUnit ?? 'KG',
      hsCode,
      originCountry,
    };
  });

  const tags = [...new Set((input.tags ?? []).map(tidy).filter((t) => t !== ''))];
  let pack: OrderPackage | null = null;
  if (input.package) {
    const p = input.package;
    const sides = [p.length, p.width, p.height];
    if (p.presetId !== undefined) {
      if (sides.some((s) => s !== undefined))
        errors.add('package', 'Give the package a preset or its length, width and height, not both');
      else pack = { presetId: p.presetId };
    } else if (sides.every((s) => s !== undefined)) {
      pack = { length: p.length!, width: p.width!, height: p.height!, dimensionUnit: p.dimensionUnit ?? 'CM' };
    } else {
      errors.add('package', 'Give the package a preset, or all of length, width and height');
    }
  }
  errors.throwIfAny();
  return {
    order: {
      orderNumber,
      channel: tidy(input.channel),
      orderDate,
      deliveryAddress,
      collectionAddress,
      currency,
      referenceOne: tidy(input.referenceOne),
      referenceTwo: tidy(input.referenceTwo),
      referenceThree: tidy(input.referenceThree),
      deliveryInstructions: tidy(input.deliveryInstructions),
      notes: tidy(input.notes),
      requestedService: tidy(input.requestedService),
      tags,
      package: pack,
      itemCount: items.reduce((n, i) => n + i.quantity, 0),
      totalWeightKg: round3(items.reduce((kg, i) => kg + toKg(i.unitWeight, i.weightUnit) * i.quantity, 0)),
      totalValueMinor: items.reduce((v, i) => v + i.unitValueMinor * i.quantity, 0),
    },
    items,
  };
}

/** The problems of an order, field path → sentence; none: {}. */
export function orderProblems(input: unknown): Record<string, string> {
  try {
    validateOrder(input as OrderDraft);
    return {};
  } catch (error) {
    if (error instanceof ProblemError && error.kind === 'validation') return error.members;
    throw error;
  }
}
