/** A shipment and what belongs to it: pieces, tracking events, customs, search terms, idempotency keys. */
import type { ShipmentStatus } from '../../../core/schemas';
import {
  address,
  bigint,
  bool,
  bytes,
  eventText,
  int,
  json,
  money,
  real,
  smallint,
  status,
  table,
  text,
  uuid,
} from '../columns';

export const shipments = table(
  'shipments',
  {
    id: bigint('id'),
    uuid: uuid('uuid'),
    shipmentNumber: text('shipment_number'),
    createdOn: bigint('created_on'),
    despatchDate: bigint('despatch_date'),
    carrierId: int('carrier_id'),
    carrierServiceId: int('carrier_service_id'),
    features: json<number[]>('features'),
    collectionAddress: address('collection_address'),
    deliveryAddress: address('delivery_address'),
    // Derived once at creation, so the list never reads addresses.
    shipper: text('shipper'),
    deliveryLine: text('delivery_line'),
    deliveryPostcodeKey: text('delivery_postcode_key'),
    goodsDescription: text('goods_description'),
    deliveryInstructions: text('delivery_instructions'),
    hsCode: text('hs_code'),
    descriptionOfGoods: text('description_of_goods'),
    referenceOne: text('reference_one'),
    referenceTwo: text('reference_two'),
    referenceThree: text('reference_three'),
    costMinor: money('cost_minor'),
    insuredMinor: money('insured_minor'),
    currency: text('currency'),
    pieceCount: int('piece_count'),
    totalWeight: real('total_weight'),
    weightUnit: text('weight_unit'),
    // The latest tracking event, kept in step with tracking_events for the list.
    status: text<ShipmentStatus>('status'),
    statusDescription: text('status_description'),
    statusOn: bigint('status_on'),
    statusLocation: text('status_location'),
    statusSignatory: text('status_signatory'),
    createdBy: bigint.orNull('created_by'),
    // The shipment this one returns (docs/contract.md §23); null for an outbound one.
    returnOf: bigint.orNull('return_of'),
  },
  { identity: true },
);

/** What a list item needs and nothing more. */
export const LIST_FIELDS = [
  'id',
  'uuid',
  'shipmentNumber',
  'createdOn',
  'despatchDate',
  'shipper',
  'referenceOne',
  'deliveryLine',
  'carrierId',
  'carrierServiceId',
  'pieceCount',
  'totalWeight',
  'weightUnit',
  'status',
  'statusDescription',
  'statusOn',
  'statusLocation',
  'statusSignatory',
] as const;

/** A new shipment's columns: all but the id its insert is given. */
export const NEW_SHIPMENT_FIELDS = Object.keys(shipments.columns).filter((field) => field !== 'id') as readonly Exclude<
  keyof typeof shipments.columns,
  'id'
>[];

export const pieces = table(
  'pieces',
  {
    id: bigint('id'),
    shipmentId: bigint('shipment_id'),
    sequenceNumber: int('sequence_number'),
    description: text('description'),
    weight: real('weight'),
    weightUnit: text('weight_unit'),
    length: real('length'),
    width: real('width'),
    height: real('height'),
    dimensionUnit: text('dimension_unit'),
    trackingNumber: text('tracking_number'),
  },
  { identity: true },
);

/** A piece as the contract has it: its own columns without the ids. */
export const PIECE_FIELDS = [
  'sequenceNumber',
  'description',
  'weight',
  'weightUnit',
  'length',
  'width',
  'height',
  'dimensionUnit',
  'trackingNumber',
] as const;

export const trackingEvents = table(
  'tracking_events',
  {
    id: bigint('id'),
    shipmentId: bigint('shipment_id'),
    status: status('status'),
    // Kept once each in SQLite's event_texts: they repeat across millions of events.
    description: eventText('description'),
    location: eventText('location'),
    signatory: text('signatory'),
    signatoryFileName: text('signatory_file_name'),
    latitude: real.orNull('latitude'),
    longitude: real.orNull('longitude'),
    depotId: bigint.orNull('depot_id'),
    trackingNumber: text('tracking_number'),
    user: eventText('user_name'),
    occurredOn: bigint('occurred_on'),
  },
  { identity: true },
);

/** An event as the contract has it: its own columns without the ids. */
export const EVENT_FIELDS = [
  'status',
  'description',
  'location',
  'signatory',
  'signatoryFileName',
  'latitude',
  'longitude',
  'depotId',
  'trackingNumber',
  'user',
  'occurredOn',
] as const;

export const customsDeclarations = table('customs_declarations', {
  shipmentId: bigint('shipment_id'),
  contentsType: text('contents_type'),
  // The sender's customs numbers as the create gave them; '' when none.
  senderEori: text('sender_eori'),
  senderVat: text('sender_vat'),
  senderIoss: text('sender_ioss'),
  /** Declared under the sender's IOSS number (an EU destination, EUR 150 or less). */
  iossApplied: bool('ioss_applied'),
});

/** A declaration as the contract has it, without its shipment id. */
export const DECLARATION_FIELDS = ['contentsType', 'senderEori', 'senderVat', 'senderIoss', 'iossApplied'] as const;

export const customsItems = table(
  'customs_items',
  {
    id: bigint('id'),
    shipmentId: bigint('shipment_id'),
    sequenceNumber: int('sequence_number'),
    description: text('description'),
    quantity: int('quantity'),
    unitValueMinor: money('unit_value_minor'),
    netWeight: real('net_weight'),
    weightUnit: text('weight_unit'),
    hsCode: text('hs_code'),
    originCountry: text('origin_country'),
  },
  { identity: true },
);

/** A customs item as the contract has it: its own columns without the ids. */
export const CUSTOMS_ITEM_FIELDS = [
  'sequenceNumber',
  'description',
  'quantity',
  'unitValueMinor',
  'netWeight',
  'weightUnit',
  'hsCode',
  'originCountry',
] as const;

/** Each shipment's search terms, with what the list counts and filters by (core/search.ts). */
export const shipmentSearchTerms = table('shipment_search_terms', {
  term: text('term'),
  shipmentId: bigint('shipment_id'),
  createdOn: bigint('created_on'),
  pieceCount: int('piece_count'),
  statusCode: smallint('status_code'),
});

export const idempotencyKeys = table('idempotency_keys', {
  userId: bigint('user_id'),
  key: text('key'),
  requestHash: bytes('request_hash'),
  shipmentId: bigint('shipment_id'),
  createdOn: bigint('created_on'),
});
