/**
 * The rules of CONTRACT §5 that need more than the request schema: addresses and post
 * codes, the carrier catalog, routes, limits, customs and money. Returns the shipment as
 * it will be stored, or throws one 400 naming every field that is wrong.
 */
import countries from 'i18n-iso-countries';
import type { CarrierCatalog } from './carriers';
import { DAY_MS, parseDateInput, startOfUtcDay } from './dates';
import { FieldErrors } from './errors';
import { isCurrency, minorUnitFactor, toMinorUnits } from './money';
import { canonicalPostCode, usesPostCodes } from './postcodes';
import {
  ADDRESS_FIELDS,
  type Address,
  type AddressInput,
  type CreateShipmentRequest,
  type DimensionUnit,
  type WeightUnit,
} from './schemas';
import { toCm, toKg } from './units';
import type { CarrierRecord, ServiceRecord } from './storage';

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
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const HS_CODE = /^\d{6,10}$/;
const tidy = (value: string | undefined): string => (value ?? '').trim();

export function validateAddress(input: AddressInput, path: string, errors: FieldErrors): Address {
  const address = Object.fromEntries(
    ADDRESS_FIELDS.map((field) => [field, tidy(input[field])]),
  ) as Address;
  const at = (field: keyof Address) => `${path}.${field}`;
  if (!address.fullName && !address.businessName) errors.add(at('fullName'), 'fullName or businessName is required');
  if (!address.addressLine1) errors.add(at('addressLine1'), 'is required');
  if (!address.city) errors.add(at('city'), 'is required');

  const country = address.countryTwoCharacterISOCode.toUpperCase();
  if (!country) {
    errors.add(at('countryTwoCharacterISOCode'), 'is required');
  } else if (!/^[A-Z]{2}$/.test(country) || !countries.isValid(country)) {
    errors.add(at('countryTwoCharacterISOCode'), `${address.countryTwoCharacterISOCode} is not an ISO 3166-1 alpha-2 country code`);
  } else {
    address.countryTwoCharacterISOCode = country;
    if (usesPostCodes(country)) {
      if (!address.postZipCode) {
        errors.add(at('postZipCode'), `is required for ${country}`);
      } else {
        const canonical = canonicalPostCode(country, address.postZipCode);
        if (canonical === null) errors.add(at('postZipCode'), `${address.postZipCode} is not a valid ${country} post code`);
        else address.postZipCode = canonical;
      }
    } else if (address.postZipCode) {
      address.postZipCode = canonicalPostCode(country, address.postZipCode) ?? address.postZipCode;
    }
  }
  if (address.emailAddress && !EMAIL.test(address.emailAddress)) {
    errors.add(at('emailAddress'), `${address.emailAddress} is not an email address`);
  }
  if (address.phoneNumber && !/^[+0-9 ()./-]{5,20}$/.test(address.phoneNumber)) {
    errors.add(at('phoneNumber'), 'may hold digits, spaces and + ( ) . / - only');
  }
  return address;
}

function checkMoney(field: string, value: number, currency: string, errors: FieldErrors): number {
  const factor = isCurrency(currency) ? minorUnitFactor(currency) : 100;
  const scaled = value * Math.min(factor, 100);
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) {
    errors.add(field, factor >= 100 ? 'must have at most 2 decimals' : `${currency} has no minor units`);
  }
  return isCurrency(currency) ? toMinorUnits(value, currency) : 0;
}

export function validateShipment(
  req: CreateShipmentRequest,
  catalog: CarrierCatalog,
  now: number,
): ValidShipment {
  const errors = new FieldErrors();

  let despatchDate = now;
  if (req.despatchDate !== undefined && req.despatchDate.trim() !== '') {
    const parsed = parseDateInput(req.despatchDate);
    if (!parsed) {
      errors.add('despatchDate', `${req.despatchDate} is not an ISO 8601 date or date-time`);
    } else if (parsed.ms < startOfUtcDay(now) - DAY_MS) {
      errors.add('despatchDate', 'must not be before yesterday');
    } else if (parsed.ms > now + 30 * DAY_MS) {
      errors.add('despatchDate', 'must be within the next 30 days');
    } else {
      despatchDate = parsed.ms;
    }
  }

  const carrier = catalog.carrier(req.carrierId);
  const service = catalog.service(req.carrierServiceId);
  if (!carrier) errors.add('carrierId', `${req.carrierId} is not a carrier of this station`);
  if (!service || (carrier && service.carrierId !== carrier.id)) {
    errors.add('carrierServiceId', `${req.carrierServiceId} is not a service of carrier ${req.carrierId}`);
  }
  const features = [...new Set(req.carrierFeatures ?? [])];
  (req.carrierFeatures ?? []).forEach((id, i) => {
    const feature = catalog.feature(id);
    if (!feature || feature.carrierId !== req.carrierId) {
      errors.add(`carrierFeatures[${i}]`, `${id} is not a feature of carrier ${req.carrierId}`);
    }
  });

  const collectionAddress = validateAddress(req.collectionAddress, 'collectionAddress', errors);
  const deliveryAddress = validateAddress(req.deliveryAddress, 'deliveryAddress', errors);
  const from = collectionAddress.countryTwoCharacterISOCode;
  const to = deliveryAddress.countryTwoCharacterISOCode;
  const international = from !== '' && to !== '' && from !== to;

  if (service && carrier && service.carrierId === carrier.id && from && to) {
    if (service.scope === 'domestic' && international) {
      errors.add('carrierServiceId', `${service.name} is domestic only; it does not carry from ${from} to ${to}`);
    }
    if (service.scope === 'international' && !international) {
      errors.add('carrierServiceId', `${service.name} is international only; both addresses are in ${from}`);
    }
  }

  const hsCode = tidy(req.hsCode).replace(/[\s.]/g, '');
  const descriptionOfGoods = tidy(req.descriptionOfGoods);
  if (international) {
    if (!hsCode) errors.add('hsCode', 'is required for an international shipment');
    if (!descriptionOfGoods) errors.add('descriptionOfGoods', 'is required for an international shipment');
  }
  if (hsCode && !HS_CODE.test(hsCode)) errors.add('hsCode', 'must be 6 to 10 digits');

  const pieces = req.shipmentPieces.map((p, i): ValidPiece => {
    const piece: ValidPiece = {
      sequenceNumber: i + 1,
      description: tidy(p.description),
      weight: p.weight,
      weightUnit: p.weightUnit ?? 'KG',
      length: p.length,
      width: p.width,
      height: p.height,
      dimensionUnit: p.dimensionUnit ?? 'CM',
    };
    if (service) {
      const kg = toKg(piece.weight, piece.weightUnit);
      if (kg > service.maxWeightKg) {
        errors.add(
          `shipmentPieces[${i}].weight`,
          `${piece.weight} ${piece.weightUnit} is over the ${service.maxWeightKg} KG limit of ${service.name}`,
        );
      }
      const sides = [['length', piece.length], ['width', piece.width], ['height', piece.height]] as const;
      for (const [side, value] of sides) {
        if (toCm(value, piece.dimensionUnit) > service.maxLengthCm) {
          errors.add(
            `shipmentPieces[${i}].${side}`,
            `${value} ${piece.dimensionUnit} is over the ${service.maxLengthCm} CM limit of ${service.name}`,
          );
        }
      }
    }
    return piece;
  });

  const currency = tidy(req.currency) || 'GBP';
  if (!/^[A-Z]{3}$/.test(currency) || !isCurrency(currency)) {
    errors.add('currency', `${req.currency} is not an ISO 4217 currency code`);
  }
  const costMinor = checkMoney('cost', req.cost ?? 0, currency, errors);
  const insuredMinor = checkMoney('insuredValue', req.insuredValue ?? 0, currency, errors);

  errors.throwIfAny();
  return {
    despatchDate,
    carrier: carrier!,
    service: service!,
    features,
    collectionAddress,
    deliveryAddress,
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
  };
}

/** The list's one-line delivery address: name, line 1, city, post code, country. */
export function deliveryLine(a: Address): string {
  return [a.fullName || a.businessName, a.addressLine1, a.city, a.postZipCode, a.countryTwoCharacterISOCode]
    .filter((part) => part !== '')
    .join(', ');
}

export const shipperName = (a: Address): string => a.businessName || a.fullName;
