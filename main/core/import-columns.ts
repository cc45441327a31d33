/**
 * Batch import columns (docs/contract.md §14): a CSV header matched to a create field by its path
 * (`deliveryAddress.postZipCode`) or by the plain name an operator would write (`Post
 * code`), case, spaces and punctuation ignored; and a group of rows made into the body of
 * one create. Pure.
 */
import { ADDRESS_FIELDS, type AddressInput, type CreateShipmentRequest } from './schemas';

/** Where a column's value goes: a top-level field, an address field, a piece field, or the group. */
export type ImportField =
  | { kind: 'shipment'; name: (typeof SHIPMENT_FIELDS)[number] }
  | { kind: 'address'; address: 'collectionAddress' | 'deliveryAddress'; name: keyof AddressInput }
  | { kind: 'piece'; name: (typeof PIECE_FIELDS)[number] }
  | { kind: 'group' };

const SHIPMENT_FIELDS = [
  'carrierId',
  'carrierServiceId',
  'despatchDate',
  'goodsDescription',
  'deliveryInstructions',
  'hsCode',
  'descriptionOfGoods',
  'referenceOne',
  'referenceTwo',
  'referenceThree',
  'cost',
  'insuredValue',
  'currency',
  'carrierFeatures',
  'contentsType',
] as const;
const PIECE_FIELDS = ['description', 'weight', 'weightUnit', 'length', 'width', 'height', 'dimensionUnit'] as const;
const NUMERIC = new Set([
  'carrierId',
  'carrierServiceId',
  'cost',
  'insuredValue',
  'weight',
  'length',
  'width',
  'height',
]);

const key = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Plain names, as keys (see `key`), for the delivery address and the common fields. */
const PLAIN: Record<string, string> = {
  name: 'deliveryAddress.fullName',
  fullname: 'deliveryAddress.fullName',
  recipient: 'deliveryAddress.fullName',
  contact: 'deliveryAddress.fullName',
  company: 'deliveryAddress.businessName',
  businessname: 'deliveryAddress.businessName',
  address1: 'deliveryAddress.addressLine1',
  addressline1: 'deliveryAddress.addressLine1',
  address: 'deliveryAddress.addressLine1',
  street: 'deliveryAddress.addressLine1',
  address2: 'deliveryAddress.addressLine2',
  addressline2: 'deliveryAddress.addressLine2',
  address3: 'deliveryAddress.addressLine3',
  addressline3: 'deliveryAddress.addressLine3',
  city: 'deliveryAddress.city',
  town: 'deliveryAddress.city',
  county: 'deliveryAddress.county',
  state: 'deliveryAddress.county',
  region: 'deliveryAddress.county',
  postcode: 'deliveryAddress.postZipCode',
  postalcode: 'deliveryAddress.postZipCode',
  zip: 'deliveryAddress.postZipCode',
  zipcode: 'deliveryAddress.postZipCode',
  postzipcode: 'deliveryAddress.postZipCode',
  country: 'deliveryAddress.countryTwoCharacterISOCode',
  countrycode: 'deliveryAddress.countryTwoCharacterISOCode',
  phone: 'deliveryAddress.phoneNumber',
  phonenumber: 'deliveryAddress.phoneNumber',
  telephone: 'deliveryAddress.phoneNumber',
  email: 'deliveryAddress.emailAddress',
  emailaddress: 'deliveryAddress.emailAddress',
  reference: 'referenceOne',
  ref: 'referenceOne',
  reference1: 'referenceOne',
  order: 'referenceOne',
  ordernumber: 'referenceOne',
  reference2: 'referenceTwo',
  reference3: 'referenceThree',
  instructions: 'deliveryInstructions',
  deliveryinstructions: 'deliveryInstructions',
  carrier: 'carrierId',
  service: 'carrierServiceId',
  carrierservice: 'carrierServiceId',
  features: 'carrierFeatures',
  hscode: 'hsCode',
  contents: 'shipmentPieces.description',
  description: 'shipmentPieces.description',
  weight: 'shipmentPieces.weight',
  weightunit: 'shipmentPieces.weightUnit',
  length: 'shipmentPieces.length',
  width: 'shipmentPieces.width',
  height: 'shipmentPieces.height',
  dimensionunit: 'shipmentPieces.dimensionUnit',
  group: 'group',
  piecegroup: 'group',
  goodsdescription: 'goodsDescription',
  despatchdate: 'despatchDate',
  currency: 'currency',
  cost: 'cost',
  price: 'cost',
  contentstype: 'contentsType',
  customscontents: 'contentsType',
  value: 'insuredValue',
  insuredvalue: 'insuredValue',
};

/** Every path a column may name, keyed as `key` reads it. */
const PATHS = new Map<string, string>([
  ...SHIPMENT_FIELDS.map((f) => [key(f), f] as const),
  ...(['collectionAddress', 'deliveryAddress'] as const).flatMap((a) =>
    ADDRESS_FIELDS.map((f) => [key(`${a}.${f}`), `${a}.${f}`] as const),
  ),
  ...PIECE_FIELDS.map((f) => [key(`shipmentPieces.${f}`), `shipmentPieces.${f}`] as const),
  ['group', 'group'],
]);

function fieldOf(path: string): ImportField {
  if (path === 'group') return { kind: 'group' };
  const [head, tail] = path.split('.') as [string, string | undefined];
  if (head === 'shipmentPieces') return { kind: 'piece', name: tail as (typeof PIECE_FIELDS)[number] };
  if (head === 'collectionAddress' || head === 'deliveryAddress')
    return { kind: 'address', address: head, name: tail as keyof AddressInput };
  return { kind: 'shipment', name: head as (typeof SHIPMENT_FIELDS)[number] };
}

export interface MatchedColumn {
  header: string;
  /** The create field's path, or null when the header matches none (the column is ignored). */
  field: string | null;
}

/** Each header's field: by path first, then by plain name; a field is taken by its first column only. */
export function matchColumns(headers: string[]): MatchedColumn[] {
  const taken = new Set<string>();
  return headers.map((header) => {
    const k = key(header);
    const path = PATHS.get(k) ?? PLAIN[k] ?? null;
    if (!path || taken.has(path)) return { header, field: null };
    taken.add(path);
    return { header, field: path };
  });
}

/** A cell as JSON would carry it: numbers for numeric fields when they read as one, else the text (for the schema to refuse). */
function cellValue(name: string, text: string): unknown {
  if (!NUMERIC.has(name)) return text;
  const n = Number(text.replace(',', '.'));
  return text !== '' && Number.isFinite(n) ? n : text;
}

export interface RowDefaults {
  carrierId?: number | undefined;
  carrierServiceId?: number | undefined;
}

/**
 * The body of one create from its rows (one piece per row): shipment and address fields
 * from the first row, pieces from each. Empty cells are left out, so defaults apply.
 */
export function requestFromRows(
  columns: MatchedColumn[],
  rows: string[][],
  defaults: RowDefaults,
): CreateShipmentRequest {
  const body: Record<string, unknown> = {};
  if (defaults.carrierId !== undefined) body.carrierId = defaults.carrierId;
  if (defaults.carrierServiceId !== undefined) body.carrierServiceId = defaults.carrierServiceId;
  const addresses: Record<string, Record<string, unknown>> = { deliveryAddress: {}, collectionAddress: {} };
  let collectionGiven = false;
  const pieces: Record<string, unknown>[] = rows.map(() => ({}));
  columns.forEach((column, c) => {
    if (!column.field) return;
    const field = fieldOf(column.field);
    if (field.kind === 'piece') {
      rows.forEach((row, r) => {
        const text = (row[c] ?? '').trim();
        if (text !== '')
          pieces[r]![field.name] = field.name.endsWith('Unit') ? text.toUpperCase() : cellValue(field.name, text);
      });
      return;
    }
    const text = (rows[0]![c] ?? '').trim();
    if (text === '' || field.kind === 'group') return;
    if (field.kind === 'address') {
      addresses[field.address]![field.name] = text;
      if (field.address === 'collectionAddress') collectionGiven = true;
    } else if (field.name === 'carrierFeatures') {
      body.carrierFeatures = text
        .split(/[\s|;,]+/)
        .filter(Boolean)
        .map((f) => cellValue('carrierId', f));
    } else {
      body[field.name] = cellValue(field.name, text);
    }
  });
  body.deliveryAddress = addresses.deliveryAddress;
  // Rows without a sender get the station's own address later (withSenderAddress).
  if (collectionGiven) body.collectionAddress = addresses.collectionAddress;
  body.shipmentPieces = pieces;
  return body as unknown as CreateShipmentRequest;
}

/** The column holding the group, if any. */
export const groupColumn = (columns: MatchedColumn[]): number => columns.findIndex((c) => c.field === 'group');
export const referenceColumn = (columns: MatchedColumn[]): number =>
  columns.findIndex((c) => c.field === 'referenceOne');
