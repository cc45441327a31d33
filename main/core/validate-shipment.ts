/**
 * The rules of docs/contract.md §5 that need more than the request schema: addresses and post
 * codes, the carrier catalog, routes, limits, customs and money. Returns the shipment as
 * it will be stored, or throws one 400 naming every field that is wrong.
 */
import countries from './countries';
import type { CarrierCatalog } from './carriers';
import { DAY_MS, parseDateInput, startOfUtcDay } from './dates';
import { FieldErrors, ProblemError } from './errors';
import { isCurrency, minorUnitFactor, toMinorUnits } from './money';
import { canonicalPostCode, postCodeProblem, usesPostCodes } from './postcodes';
import {
  ADDRESS_FIELDS,
  type Address,
  type AddressInput,
  type CreateShipmentRequest,
  type SenderAddressInput,
  type DimensionUnit,
  type WeightUnit,
} from './schemas';
import { toCm, toKg } from './units';
import type { CarrierRecord, CustomsRecord, ServiceRecord } from './storage';
import { customsTotalMinor, validateCustoms } from './validate-customs';
import { iossApplies, senderNumbers } from './customs-numbers';

export interface ValidPiece {
  sequenceNumber: number;
  description: string;
  weight: number;
  weightUnit: WeightUnit;
  length: number;
  width: number;
  height: number;
  dimensionUnit: DimensionUnit;
}

export interface ValidShipment {
  despatchDate: number;
  carrier: CarrierRecord;
  service: ServiceRecord;
  features: number[];
  collectionAddress: Address;
  deliveryAddress: Address;
  goodsDescription: string;
  deliveryInstructions: string;
  hsCode: string;
  descriptionOfGoods: string;
  referenceOne: string;
  referenceTwo: string;
  referenceThree: string;
  costMinor: number;
  insuredMinor: number;
  currency: string;
  pieces: ValidPiece[];
  /** International shipments only (docs/contract.md §17). */
  customs: CustomsRecord | undefined;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const HS_CODE = /^\d{6,10}$/;
const tidy = (value: string | undefined): string => (typeof value === 'string' ? value : '').trim();

/**
 * A create body as the rules see it: every field the schema refused is left out, so each
 * rule checks only what has the right type (docs/contract.md §11).
 */
type Holey<T> = { [K in keyof T]?: T[K] | undefined };
export type CreateShipmentDraft = Omit<
  Holey<CreateShipmentRequest>,
  'collectionAddress' | 'deliveryAddress' | 'shipmentPieces' | 'carrierFeatures' | 'customsItems'
> & {
  customsItems?: (Holey<NonNullable<CreateShipmentRequest['customsItems']>[number]> | undefined)[] | undefined;
  collectionAddress?: Holey<SenderAddressInput> | undefined;
  deliveryAddress?: Holey<AddressInput> | undefined;
  shipmentPieces?: (Holey<CreateShipmentRequest['shipmentPieces'][number]> | undefined)[] | undefined;
  carrierFeatures?: (number | undefined)[] | undefined;
};

const countryName = (code: string): string => countries.getName(code, 'en', { select: 'official' }) ?? code;

/** Countries whose carriers route by state or province: the county field must name it. */
const REGION_REQUIRED: Record<string, string> = {
  US: 'Choose a state for a US address',
  CA: 'Choose a province or territory for a Canadian address',
  AU: 'Choose a state or territory for an Australian address',
};

export function validateAddress(input: Holey<AddressInput>, path: string, errors: FieldErrors): Address {
  const address = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, tidy(input[field])])) as Address;
  const at = (field: keyof Address) => `${path}.${field}`;
  if (!address.fullName && !address.businessName) errors.add(at('fullName'), 'Enter a full name or a business name');
  if (!address.addressLine1) errors.add(at('addressLine1'), 'Address line 1 is required');
  if (!address.city) errors.add(at('city'), 'City is required');

  const country = address.countryTwoCharacterISOCode.toUpperCase();
  if (!country) {
    errors.add(at('countryTwoCharacterISOCode'), 'Choose a country');
  } else if (!/^[A-Z]{2}$/.test(country) || !countries.isValid(country)) {
    errors.add(
      at('countryTwoCharacterISOCode'),
      `Country ${address.countryTwoCharacterISOCode} is not a country code (two letters, e.g. GB)`,
    );
  } else {
    address.countryTwoCharacterISOCode = country;
    const region = REGION_REQUIRED[country];
    if (region && !address.county) errors.add(at('county'), region);
    if (usesPostCodes(country)) {
      if (!address.postZipCode) {
        errors.add(at('postZipCode'), `Post code is required for ${countryName(country)}`);
      } else {
        const canonical = canonicalPostCode(country, address.postZipCode);
        if (canonical === null) errors.add(at('postZipCode'), postCodeProblem(country, address.postZipCode));
        else address.postZipCode = canonical;
      }
    } else if (address.postZipCode) {
      address.postZipCode = canonicalPostCode(country, address.postZipCode) ?? address.postZipCode;
    }
  }
  if (address.emailAddress && !EMAIL.test(address.emailAddress)) {
    errors.add(at('emailAddress'), `Email ${address.emailAddress} is not an email address (e.g. name@example.com)`);
  }
  if (address.phoneNumber && !/^[+0-9 ()./-]{5,20}$/.test(address.phoneNumber)) {
    errors.add(at('phoneNumber'), 'Phone may hold digits, spaces and + ( ) . / - only (5 to 20 of them)');
  }
  return address;
}

function checkMoney(field: string, label: string, value: number, currency: string, errors: FieldErrors): number {
  const factor = isCurrency(currency) ? minorUnitFactor(currency) : 100;
  const scaled = value * Math.min(factor, 100);
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) {
    errors.add(
      field,
      factor >= 100
        ? `${label} must have at most 2 decimals`
        : `${label} must be a whole number: ${currency} has no minor units`,
    );
  }
  return isCurrency(currency) ? toMinorUnits(value, currency) : 0;
}

/** Field path → sentence for every rule a (possibly partly refused) create body breaks. */
export function shipmentRuleErrors(
  draft: CreateShipmentDraft,
  catalog: CarrierCatalog,
  now: number,
): Record<string, string> {
  try {
    validateShipment(draft, catalog, now);
    return {};
  } catch (error) {
    if (error instanceof ProblemError && error.kind === 'validation') return error.members;
    throw error;
  }
}

export interface ValidateOptions {
  /** A return (docs/contract.md §23): its service must be a return service; an outbound create's must not. */
  isReturn?: boolean;
}

export function validateShipment(
  req: CreateShipmentDraft,
  catalog: CarrierCatalog,
  now: number,
  options: ValidateOptions = {},
): ValidShipment {
  const errors = new FieldErrors();

  let despatchDate = now;
  if (req.despatchDate !== undefined && req.despatchDate.trim() !== '') {
    const parsed = parseDateInput(req.despatchDate);
    if (!parsed) {
      errors.add(
        'despatchDate',
        `Despatch date ${req.despatchDate} is not a date (e.g. 2026-03-14 or 2026-03-14T09:30:00Z)`,
      );
    } else if (parsed.ms < startOfUtcDay(now) - DAY_MS) {
      errors.add('despatchDate', 'Despatch date must not be before yesterday');
    } else if (parsed.ms > now + 30 * DAY_MS) {
      errors.add('despatchDate', 'Despatch date must be within the next 30 days');
    } else {
      despatchDate = parsed.ms;
    }
  }

  const carrier = req.carrierId === undefined ? undefined : catalog.carrier(req.carrierId);
  const service = req.carrierServiceId === undefined ? undefined : catalog.service(req.carrierServiceId);
  if (req.carrierId !== undefined && !carrier)
    errors.add('carrierId', `Carrier ${req.carrierId} is not a carrier of this station`);
  if (req.carrierServiceId !== undefined && (!service || (carrier && service.carrierId !== carrier.id))) {
    errors.add(
      'carrierServiceId',
      carrier
        ? `Service ${req.carrierServiceId} is not a service of ${carrier.name}; its services: ${catalog
            .services(carrier.id)
            .items.filter((s) => s.isReturn === (options.isReturn === true))
            .map((s) => `${s.id} ${s.name}`)
            .join(', ')}`
        : `Service ${req.carrierServiceId} is not a service of this carrier`,
    );
  }
  const features = [...new Set((req.carrierFeatures ?? []).filter((id) => id !== undefined))];
  (req.carrierFeatures ?? []).forEach((id, i) => {
    if (id === undefined || req.carrierId === undefined) return;
    const feature = catalog.feature(id);
    if (!feature || feature.carrierId !== req.carrierId) {
      errors.add(
        `carrierFeatures[${i}]`,
        `Feature ${id} is not a feature of ${carrier?.name ?? `carrier ${req.carrierId}`}`,
      );
    }
  });

  const collectionAddress = req.collectionAddress
    ? validateAddress(req.collectionAddress, 'collectionAddress', errors)
    : undefined;
  // The sender address of Settings fills a missing one before this (withSenderAddress).
  if (req.collectionAddress === undefined)
    errors.add('collectionAddress', 'Collection address is required: give one, or set the sender address in Settings');
  const deliveryAddress = req.deliveryAddress
    ? validateAddress(req.deliveryAddress, 'deliveryAddress', errors)
    : undefined;
  const from = collectionAddress?.countryTwoCharacterISOCode ?? '';
  const to = deliveryAddress?.countryTwoCharacterISOCode ?? '';
  const international = from !== '' && to !== '' && from !== to;

  if (service && carrier && service.carrierId === carrier.id && service.isReturn !== (options.isReturn === true)) {
    errors.add(
      'carrierServiceId',
      service.isReturn
        ? `${service.name} is a return service: make a return from the shipment it returns (its page, or POST /shipments/{uniqueId}/return)`
        : `${service.name} is not a return service of ${carrier.name}`,
    );
  }
  if (service && carrier && service.carrierId === carrier.id && from && to) {
    if (service.scope === 'domestic' && international) {
      errors.add(
        'carrierServiceId',
        `${service.name} is domestic only; it does not carry from ${countryName(from)} to ${countryName(to)}`,
      );
    }
    if (service.scope === 'international' && !international) {
      errors.add(
        'carrierServiceId',
        `${service.name} is international only; both addresses are in ${countryName(from)}`,
      );
    }
  }

  const hsCode = tidy(req.hsCode).replace(/[\s.]/g, '');
  const descriptionOfGoods = tidy(req.descriptionOfGoods);
  if (international) {
    if (!hsCode) errors.add('hsCode', 'HS code is required for an international shipment');
    if (!descriptionOfGoods)
      errors.add('descriptionOfGoods', 'Description of goods is required for an international shipment');
  }
  if (hsCode && !HS_CODE.test(hsCode)) errors.add('hsCode', 'HS code must be 6 to 10 digits (e.g. 610910)');

  const pieces: ValidPiece[] = [];
  (req.shipmentPieces ?? []).forEach((p, i) => {
    if (p === undefined) return;
    const piece: ValidPiece = {
      sequenceNumber: i + 1,
      description: tidy(p.description),
      weight: p.weight ?? NaN,
      weightUnit: p.weightUnit ?? 'KG',
      length: p.length ?? NaN,
      width: p.width ?? NaN,
      height: p.height ?? NaN,
      dimensionUnit: p.dimensionUnit ?? 'CM',
    };
    if (service) {
      const kg = toKg(piece.weight, piece.weightUnit);
      if (kg > service.maxWeightKg) {
        errors.add(
          `shipmentPieces[${i}].weight`,
          `Weight ${piece.weight} ${piece.weightUnit.toLowerCase()} is over the ${service.maxWeightKg} kg limit of ${service.name}`,
        );
      }
      const sides = [
        ['length', 'Length', piece.length],
        ['width', 'Width', piece.width],
        ['height', 'Height', piece.height],
      ] as const;
      for (const [side, label, value] of sides) {
        if (toCm(value, piece.dimensionUnit) > service.maxLengthCm) {
          errors.add(
            `shipmentPieces[${i}].${side}`,
            `${label} ${value} ${piece.dimensionUnit.toLowerCase()} is over the ${service.maxLengthCm} cm limit of ${service.name}`,
          );
        }
      }
    }
    pieces.push(piece);
  });

  const currency = tidy(req.currency) || 'GBP';
  const currencyKnown = /^[A-Z]{3}$/.test(currency) && isCurrency(currency);
  if (!currencyKnown) {
    errors.add('currency', `Currency ${req.currency} is not a currency code (three letters, e.g. GBP or EUR)`);
  }
  const costMinor = checkMoney('cost', 'Cost', req.cost ?? 0, currency, errors);
  const insuredMinor = checkMoney('insuredValue', 'Insured value', req.insuredValue ?? 0, currency, errors);
  const customs = validateCustoms(
    req,
    {
      domestic: from !== '' && from === to,
      international,
      domesticWhy: `both addresses are in ${countryName(from)}`,
      from,
      hsCode,
      descriptionOfGoods,
      pieces,
      costMinor,
      currency,
      toMinor: currencyKnown ? (field, label, value) => checkMoney(field, label, value, currency, errors) : null,
    },
    errors,
  );

  const numbers = senderNumbers(req.collectionAddress, 'collectionAddress', errors);
  errors.throwIfAny();
  return {
    despatchDate,
    carrier: carrier!,
    service: service!,
    features,
    collectionAddress: collectionAddress!,
    deliveryAddress: deliveryAddress!,
    goodsDescription: tidy(req.goodsDescription),
    deliveryInstructions: tidy(req.deliveryInstructions),
    hsCode,
    descriptionOfGoods,
    referenceOne: tidy(req.referenceOne),
    referenceTwo: tidy(req.referenceTwo),
    referenceThree: tidy(req.referenceThree),
    costMinor,
    insuredMinor,
    currency,
    pieces,
    customs: customs && {
      ...customs,
      ...numbers,
      iossApplied: iossApplies({ ...numbers, from, to, currency, goodsMinor: customsTotalMinor(customs) }),
    },
  };
}

/** The list's one-line delivery address: name, line 1, city, post code, country. */
export function deliveryLine(a: Address): string {
  return [a.fullName || a.businessName, a.addressLine1, a.city, a.postZipCode, a.countryTwoCharacterISOCode]
    .filter((part) => part !== '')
    .join(', ');
}

export const shipperName = (a: Address): string => a.businessName || a.fullName;
