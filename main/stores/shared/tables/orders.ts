/**
 * Orders (docs/contract.md §18): migrate copies them, the schema test checks them, and the
 * order store's statements and row readers are made from these maps (order-queries.ts).
 */
import type { OrderStatus, WeightUnit } from '../../../core/schemas';
import { address, bigint, bytes, int, json, money, real, table, text, uuid } from '../columns';

export const orders = table(
  'orders',
  {
    id: bigint('id'),
    uuid: uuid('uuid'),
    orderNumber: text('order_number'),
    orderNumberKey: text('order_number_key'),
    channel: text('channel'),
    orderDate: bigint.orNull('order_date'),
    createdOn: bigint('created_on'),
    updatedOn: bigint('updated_on'),
    status: text<OrderStatus>('status'),
    deliveryAddress: address('delivery_address'),
    collectionAddress: address.orNull('collection_address'),
    currency: text('currency'),
    referenceOne: text('reference_one'),
    referenceTwo: text('reference_two'),
    referenceThree: text('reference_three'),
    deliveryInstructions: text('delivery_instructions'),
    notes: text('notes'),
    requestedService: text('requested_service'),
    tags: json('tags'),
    package: json.orNull('package'),
    itemCount: int('item_count'),
    totalWeightKg: real('total_weight_kg'),
    totalValueMinor: money('total_value_minor'),
    shipmentId: bigint.orNull('shipment_id'),
    createdBy: bigint.orNull('created_by'),
  },
  { identity: true },
);

export const orderItems = table('order_items', {
  orderId: bigint('order_id'),
  sequenceNumber: int('sequence_number'),
  sku: text('sku'),
  description: text('description'),
  quantity: int('quantity'),
  unitValueMinor: money('unit_value_minor'),
  unitWeight: real('unit_weight'),
  weightUnit: text<WeightUnit>('weight_unit'),
  hsCode: text('hs_code'),
  originCountry: text('origin_country'),
});

/** Each term keeps its order's created_on and status: a search is counted and paged from the terms alone. */
export const orderSearchTerms = table('order_search_terms', {
  term: text('term'),
  createdOn: bigint('created_on'),
  orderId: bigint('order_id'),
  status: text<OrderStatus>('status'),
});

export const orderShipments = table('order_shipments', {
  shipmentId: bigint('shipment_id'),
  orderId: bigint('order_id'),
  ruleName: text('rule_name'),
});

export const orderRequests = table('order_requests', {
  userId: bigint('user_id'),
  key: text('key'),
  requestHash: bytes('request_hash'),
  answer: text('answer'),
  createdOn: bigint('created_on'),
});
