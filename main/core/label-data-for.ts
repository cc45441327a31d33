/** Builds what a label shows from stored rows, so a re-render is byte-identical. */
import type { CarrierCatalog } from './carriers';
import type { LabelData, LabelPiece } from './labels/label-data';
import { decodeAddress } from '../store/address-codec';
import type { PieceRow, ShipmentRow } from '../store/shipments-repo';

export function labelDataFor(row: ShipmentRow, pieces: PieceRow[], catalog: CarrierCatalog): LabelData {
  const carrier = catalog.carrier(row.carrier_id)!;
  const service = catalog.service(row.carrier_service_id)!;
  const featureIds = JSON.parse(row.features) as number[];
  return {
    shipmentNumber: row.shipment_number,
    despatchDate: new Date(row.despatch_date).toISOString(),
    carrier: { code: carrier.code, name: carrier.name },
    service: { code: service.service_code, name: service.name },
    features: featureIds.map((id) => catalog.feature(id)?.name ?? String(id)),
    collectionAddress: decodeAddress(row.collection_address),
    deliveryAddress: decodeAddress(row.delivery_address),
    references: { one: row.reference_one, two: row.reference_two, three: row.reference_three },
    deliveryInstructions: row.delivery_instructions,
    hsCode: row.hs_code,
    descriptionOfGoods: row.description_of_goods,
    pieces: pieces.map(pieceFromRow),
  };
}

/** A stored piece as the label and the shipment view both show it. */
export function pieceFromRow(p: PieceRow): LabelPiece {
  return {
    sequenceNumber: p.sequence_number,
    trackingNumber: p.tracking_number,
    weight: p.weight,
    weightUnit: p.weight_unit,
    length: p.length,
    width: p.width,
    height: p.height,
    dimensionUnit: p.dimension_unit,
    description: p.description,
  };
}
