/**
 * The New shipment form as data: its empty state, the request it sends, and the request
 * paths of the fields it shows (so that a 400 problem's members find their fields).
 */
import {
  CUSTOMS_NUMBER_FIELDS,
  DIMENSION_UNITS,
  WEIGHT_UNITS,
  type Address,
  type CreateShipmentRequest,
  type SenderAddress,
  type DimensionUnit,
  type PackagePreset,
  type ShipmentDetail,
  type WeightUnit,
} from '../../../main/core/schemas';
import { todayIso } from '../lib/format';
import { customsFieldPaths, customsRequest, DEFAULT_CONTENTS_TYPE, type CustomsItemForm } from './customs-model';

export const ADDRESS_KEYS = [
  'businessName',
  'fullName',
  'addressLine1',
  'addressLine2',
  'addressLine3',
  'city',
  'county',
  'postZipCode',
  'countryTwoCharacterISOCode',
  'phoneNumber',
  'emailAddress',
] as const satisfies readonly (keyof Address)[];

export type AddressForm = Record<(typeof ADDRESS_KEYS)[number], string>;

export interface PieceForm {
  /** Stable React key; not sent. */
  key: string;
  weight: string;
  weightUnit: WeightUnit;
  length: string;
  width: string;
  height: string;
  dimensionUnit: DimensionUnit;
  description: string;
}

export const PIECE_KEYS = [
  'weight',
  'weightUnit',
  'length',
  'width',
  'height',
  'dimensionUnit',
  'description',
] as const;

export interface ShipmentForm {
  carrierId: string;
  carrierServiceId: string;
  carrierFeatures: number[];
  collectionAddress: AddressForm;
  deliveryAddress: AddressForm;
  shipmentPieces: PieceForm[];
  referenceOne: string;
  referenceTwo: string;
  referenceThree: string;
  cost: string;
  insuredValue: string;
  currency: string;
  despatchDate: string;
  deliveryInstructions: string;
  goodsDescription: string;
  hsCode: string;
  descriptionOfGoods: string;
  /** Keep the delivery address in the address book (docs/contract.md §14). */
  saveDeliveryAddress?: boolean;
  /** International only (customs-model.ts). */
  customsItems: CustomsItemForm[];
  contentsType: string;
}

export const emptyAddress = (country = 'GB'): AddressForm => ({
  businessName: '',
  fullName: '',
  addressLine1: '',
  addressLine2: '',
  addressLine3: '',
  city: '',
  county: '',
  postZipCode: '',
  countryTwoCharacterISOCode: country,
  phoneNumber: '',
  emailAddress: '',
});

export function addressFromSettings(sender: Address | undefined): AddressForm {
  const form = emptyAddress();
  if (!sender) return form;
  for (const key of ADDRESS_KEYS) form[key] = sender[key] ?? '';
  if (!form.countryTwoCharacterISOCode) form.countryTwoCharacterISOCode = 'GB';
  return form;
}

let pieceCounter = 0;
export function newPiece(from?: PieceForm): PieceForm {
  pieceCounter += 1;
  return from
    ? { ...from, key: `piece-${pieceCounter}` }
    : {
        key: `piece-${pieceCounter}`,
        weight: '',
        weightUnit: 'KG',
        length: '',
        width: '',
        height: '',
        dimensionUnit: 'CM',
        description: '',
      };
}

export function emptyShipmentForm(sender?: Address, today = todayIso()): ShipmentForm {
  const collection = addressFromSettings(sender);
  return {
    carrierId: '',
    carrierServiceId: '',
    carrierFeatures: [],
    collectionAddress: collection,
    deliveryAddress: emptyAddress(collection.countryTwoCharacterISOCode || 'GB'),
    shipmentPieces: [newPiece()],
    referenceOne: '',
    referenceTwo: '',
    referenceThree: '',
    cost: '',
    insuredValue: '',
    currency: 'GBP',
    despatchDate: today,
    deliveryInstructions: '',
    goodsDescription: '',
    hsCode: '',
    descriptionOfGoods: '',
    customsItems: [],
    contentsType: DEFAULT_CONTENTS_TYPE,
  };
}

/** International when both countries are chosen and differ (docs/contract.md §5). */
export const isInternational = (form: ShipmentForm): boolean =>
  Boolean(form.collectionAddress.countryTwoCharacterISOCode) &&
  Boolean(form.deliveryAddress.countryTwoCharacterISOCode) &&
  form.collectionAddress.countryTwoCharacterISOCode !== form.deliveryAddress.countryTwoCharacterISOCode;

/**
 * Numbers as typed. An empty field is left out of the request, so that the station names it
 * ("is required"); anything else is sent for the station to judge.
 */
function numberField<K extends string>(key: K, text: string): Partial<Record<K, number>> {
  const trimmed = text.trim().replace(',', '.');
  return (trimmed === '' ? {} : { [key]: Number(trimmed) }) as Partial<Record<K, number>>;
}

/** Empty strings are left out: the station applies its defaults to what is absent. */
function trimmedAddress(address: AddressForm): CreateShipmentRequest['deliveryAddress'] {
  const out: Record<string, string> = {};
  for (const key of ADDRESS_KEYS) {
    const value = address[key].trim();
    if (value) out[key] = value;
  }
  return out;
}

const optionalText = <K extends string>(key: K, value: string): Partial<Record<K, string>> =>
  (value.trim() ? { [key]: value.trim() } : {}) as Partial<Record<K, string>>;

/**
 * The sender's customs numbers of Settings go with the collection address the form sends
 * (docs/contract.md §17): the form shows the address, not the numbers.
 */
export function withSenderNumbers(
  request: CreateShipmentRequest,
  sender: Partial<SenderAddress> | undefined,
): CreateShipmentRequest {
  const numbers = Object.fromEntries(
    CUSTOMS_NUMBER_FIELDS.map((key) => [key, (sender?.[key] ?? '').trim()]).filter(([, value]) => value !== ''),
  );
  if (Object.keys(numbers).length === 0 || !request.collectionAddress) return request;
  return { ...request, collectionAddress: { ...request.collectionAddress, ...numbers } };
}

export function toCreateRequest(form: ShipmentForm): CreateShipmentRequest {
  const international = isInternational(form);
  return {
    carrierId: Number(form.carrierId) || 0,
    carrierServiceId: Number(form.carrierServiceId) || 0,
    ...(form.carrierFeatures.length ? { carrierFeatures: form.carrierFeatures } : {}),
    collectionAddress: trimmedAddress(form.collectionAddress),
    deliveryAddress: trimmedAddress(form.deliveryAddress),
    // Absent numbers are the station's to name: the request is sent as the desk typed it.
    shipmentPieces: form.shipmentPieces.map(
      (piece) =>
        ({
          ...numberField('weight', piece.weight),
          weightUnit: piece.weightUnit,
          ...numberField('length', piece.length),
          ...numberField('width', piece.width),
          ...numberField('height', piece.height),
          dimensionUnit: piece.dimensionUnit,
          ...optionalText('description', piece.description),
        }) as CreateShipmentRequest['shipmentPieces'][number],
    ),
    ...optionalText('referenceOne', form.referenceOne),
    ...optionalText('referenceTwo', form.referenceTwo),
    ...optionalText('referenceThree', form.referenceThree),
    ...numberField('cost', form.cost),
    ...numberField('insuredValue', form.insuredValue),
    currency: form.currency,
    ...optionalText('despatchDate', form.despatchDate),
    ...optionalText('deliveryInstructions', form.deliveryInstructions),
    ...optionalText('goodsDescription', form.goodsDescription),
    ...(international
      ? { ...optionalText('hsCode', form.hsCode), ...optionalText('descriptionOfGoods', form.descriptionOfGoods) }
      : {}),
    ...(form.saveDeliveryAddress ? { saveDeliveryAddress: true } : {}),
    ...(international ? customsRequest(form.customsItems, form.contentsType) : {}),
  };
}

/** A piece row filled from a package preset: its dimensions, and its weight and description when it has them. */
const PRESET_SIZES = ['length', 'width', 'height'] as const;

/**
 * The preset a row holds: the first whose sizes (and weight and description, where it has
 * them) the row still has. Changed by hand, the row holds none.
 */
export function presetOf(piece: PieceForm, presets: readonly PackagePreset[]): PackagePreset | undefined {
  return presets.find(
    (p) =>
      PRESET_SIZES.every((key) => Number(piece[key]) === p[key]) &&
      piece.dimensionUnit === p.dimensionUnit &&
      (p.weight === null || (Number(piece.weight) === p.weight && piece.weightUnit === p.weightUnit)) &&
      (p.description === '' || piece.description === p.description),
  );
}

/**
 * A row with `preset`: every field the preset has, and the weight and description the
 * previous preset (`held`) filled cleared when this one has none, so that a Small mailer
 * never keeps a Medium box's weight or contents. What was typed by hand stays.
 */
export function pieceFromPreset(piece: PieceForm, preset: PackagePreset, held?: PackagePreset): PieceForm {
  const weight =
    preset.weight !== null
      ? { weight: String(preset.weight), weightUnit: preset.weightUnit }
      : held?.weight != null
        ? { weight: '' }
        : {};
  const description = preset.description
    ? { description: preset.description }
    : held?.description
      ? { description: '' }
      : {};
  return {
    ...piece,
    length: String(preset.length),
    width: String(preset.width),
    height: String(preset.height),
    dimensionUnit: preset.dimensionUnit,
    ...weight,
    ...description,
  };
}

/**
 * Ship again: a new form with a shipment's addresses, carrier, service, features, pieces and
 * goods; not its references, and despatched today.
 */
export function shipAgainForm(previous: ShipmentDetail, today = todayIso()): ShipmentForm {
  const units = <T extends string>(value: string, allowed: readonly T[], fallback: T): T =>
    (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  return {
    ...emptyShipmentForm(undefined, today),
    carrierId: String(previous.carrierId),
    carrierServiceId: String(previous.carrierServiceId),
    carrierFeatures: previous.carrierFeatures,
    collectionAddress: addressFromSaved(previous.collectionAddress),
    deliveryAddress: addressFromSaved(previous.deliveryAddress),
    shipmentPieces: previous.shipmentPieces.map((p) => ({
      ...newPiece(),
      weight: String(p.weight),
      weightUnit: units(p.weightUnit, WEIGHT_UNITS, 'KG'),
      length: String(p.length),
      width: String(p.width),
      height: String(p.height),
      dimensionUnit: units(p.dimensionUnit, DIMENSION_UNITS, 'CM'),
      description: p.description,
    })),
    currency: previous.currency,
    deliveryInstructions: previous.deliveryInstructions,
    goodsDescription: previous.goodsDescription,
    hsCode: previous.hsCode,
    descriptionOfGoods: previous.descriptionOfGoods,
  };
}

/** A saved address as the form's fields. */
export function addressFromSaved(saved: Address): AddressForm {
  const form = emptyAddress('');
  for (const key of ADDRESS_KEYS) form[key] = saved[key] ?? '';
  return form;
}

/** The request paths of every field the form shows now. */
export function formFieldPaths(form: ShipmentForm): string[] {
  const paths = ['carrierId', 'carrierServiceId'];
  // In the screen's order (the error summary lists them so): the sender's block is after delivery.
  for (const group of ['deliveryAddress', 'collectionAddress'] as const) {
    for (const key of ADDRESS_KEYS) paths.push(`${group}.${key}`);
  }
  form.shipmentPieces.forEach((_piece, index) => {
    for (const key of PIECE_KEYS) paths.push(`shipmentPieces[${index}].${key}`);
  });
  paths.push(
    'shipmentPieces',
    'referenceOne',
    'referenceTwo',
    'referenceThree',
    'cost',
    'insuredValue',
    'currency',
    'despatchDate',
    'deliveryInstructions',
    'goodsDescription',
  );
  if (isInternational(form)) paths.push('hsCode', 'descriptionOfGoods', ...customsFieldPaths(form.customsItems));
  return paths;
}
