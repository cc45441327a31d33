/** The SQLite tables' row shapes, and the mapping between them and the contract's records. */
import type { EventRecord, NewShipment, PieceRecord, ShipmentListRecord, ShipmentRecord } from '../../core/storage';
import type { ShipmentStatus } from '../../core/schemas';
import { decodeAddress, encodeAddress } from './address-codec';

export interface ShipmentRow {
  id: number;
  uuid: string;
  shipment_number: string;
  created_on: number;
  despatch_date: number;
  carrier_id: number;
  carrier_service_id: number;
  features: string;
  collection_address: string;
  delivery_address: string;
  shipper: string;
  delivery_line: string;
  delivery_postcode_key: string;
  goods_description: string;
  delivery_instructions: string;
  hs_code: string;
  description_of_goods: string;
  reference_one: string;
  reference_two: string;
  reference_three: string;
  cost_minor: number;
  insured_minor: number;
  currency: string;
  piece_count: number;
  total_weight: number;
  weight_unit: string;
  status: string;
  status_description: string;
  status_on: number;
  status_location: string;
  status_signatory: string;
  created_by: number | null;
}
export type NewShipmentRow = Omit<ShipmentRow, 'id'>;

export interface PieceRow {
  shipment_id: number;
  sequence_number: number;
  description: string;
  weight: number;
  weight_unit: string;
  length: number;
  width: number;
  height: number;
  dimension_unit: string;
  tracking_number: string;
}

export interface EventRow {
  id: number;
  shipment_id: number;
  status: string;
  description: string;
  location: string;
  signatory: string;
  signatory_file_name: string;
  latitude: number | null;
  longitude: number | null;
  depot_id: number | null;
  tracking_number: string;
  user: string;
  occurred_on: number;
}
export type NewEventRow = Omit<EventRow, 'id'>;

/** The list's columns: what a list item needs and nothing more. */
export const LIST_COLUMNS = `id, uuid, shipment_number, created_on, despatch_date, shipper, reference_one,
  delivery_line, carrier_id, carrier_service_id, piece_count, total_weight, weight_unit, status,
  status_description, status_on, status_location, status_signatory`;
export type ListRow = Pick<
  ShipmentRow,
  | 'id'
  | 'uuid'
  | 'shipment_number'
  | 'created_on'
  | 'despatch_date'
  | 'shipper'
  | 'reference_one'
  | 'delivery_line'
  | 'carrier_id'
  | 'carrier_service_id'
  | 'piece_count'
  | 'total_weight'
  | 'weight_unit'
  | 'status'
  | 'status_description'
  | 'status_on'
  | 'status_location'
  | 'status_signatory'
>;

export function toListRecord(r: ListRow): ShipmentListRecord {
  return {
    id: r.id,
    uuid: r.uuid,
    shipmentNumber: r.shipment_number,
    createdOn: r.created_on,
    despatchDate: r.despatch_date,
    shipper: r.shipper,
    referenceOne: r.reference_one,
    deliveryLine: r.delivery_line,
    carrierId: r.carrier_id,
    carrierServiceId: r.carrier_service_id,
    pieceCount: r.piece_count,
    totalWeight: r.total_weight,
    weightUnit: r.weight_unit,
    status: r.status as ShipmentStatus,
    statusDescription: r.status_description,
    statusOn: r.status_on,
    statusLocation: r.status_location,
    statusSignatory: r.status_signatory,
  };
}

export function toShipmentRecord(r: ShipmentRow): ShipmentRecord {
  return {
    ...toListRecord(r),
    features: JSON.parse(r.features) as number[],
    collectionAddress: decodeAddress(r.collection_address),
    deliveryAddress: decodeAddress(r.delivery_address),
    deliveryPostcodeKey: r.delivery_postcode_key,
    goodsDescription: r.goods_description,
    deliveryInstructions: r.delivery_instructions,
    hsCode: r.hs_code,
    descriptionOfGoods: r.description_of_goods,
    referenceTwo: r.reference_two,
    referenceThree: r.reference_three,
    costMinor: r.cost_minor,
    insuredMinor: r.insured_minor,
    currency: r.currency,
    createdBy: r.created_by,
  };
}

export function shipmentRow(s: NewShipment): NewShipmentRow {
  return {
    uuid: s.uuid,
    shipment_number: s.shipmentNumber,
    created_on: s.createdOn,
    despatch_date: s.despatchDate,
    carrier_id: s.carrierId,
    carrier_service_id: s.carrierServiceId,
    features: JSON.stringify(s.features),
    collection_address: encodeAddress(s.collectionAddress),
    delivery_address: encodeAddress(s.deliveryAddress),
    shipper: s.shipper,
    delivery_line: s.deliveryLine,
    delivery_postcode_key: s.deliveryPostcodeKey,
    goods_description: s.goodsDescription,
    delivery_instructions: s.deliveryInstructions,
    hs_code: s.hsCode,
    description_of_goods: s.descriptionOfGoods,
    reference_one: s.referenceOne,
    reference_two: s.referenceTwo,
    reference_three: s.referenceThree,
    cost_minor: s.costMinor,
    insured_minor: s.insuredMinor,
    currency: s.currency,
    piece_count: s.pieceCount,
    total_weight: s.totalWeight,
    weight_unit: s.weightUnit,
    status: s.status,
    status_description: s.statusDescription,
    status_on: s.statusOn,
    status_location: s.statusLocation,
    status_signatory: s.statusSignatory,
    created_by: s.createdBy,
  };
}

export function toPieceRecord(p: PieceRow): PieceRecord {
  return {
    sequenceNumber: p.sequence_number,
    description: p.description,
    weight: p.weight,
    weightUnit: p.weight_unit,
    length: p.length,
    width: p.width,
    height: p.height,
    dimensionUnit: p.dimension_unit,
    trackingNumber: p.tracking_number,
  };
}

export function pieceRow(shipmentId: number, p: PieceRecord): PieceRow {
  return {
    shipment_id: shipmentId,
    sequence_number: p.sequenceNumber,
    description: p.description,
    weight: p.weight,
    weight_unit: p.weightUnit,
    length: p.length,
    width: p.width,
    height: p.height,
    dimension_unit: p.dimensionUnit,
    tracking_number: p.trackingNumber,
  };
}

export function toEventRecord(e: EventRow): EventRecord {
  return {
    status: e.status as ShipmentStatus,
    description: e.description,
    location: e.location,
    signatory: e.signatory,
    signatoryFileName: e.signatory_file_name,
    latitude: e.latitude,
    longitude: e.longitude,
    depotId: e.depot_id,
    trackingNumber: e.tracking_number,
    user: e.user,
    occurredOn: e.occurred_on,
  };
}

export function eventRow(shipmentId: number, e: EventRecord): NewEventRow {
  return {
    shipment_id: shipmentId,
    status: e.status,
    description: e.description,
    location: e.location,
    signatory: e.signatory,
    signatory_file_name: e.signatoryFileName,
    latitude: e.latitude,
    longitude: e.longitude,
    depot_id: e.depotId,
    tracking_number: e.trackingNumber,
    user: e.user,
    occurred_on: e.occurredOn,
  };
}
