/** Builds what a label shows from a stored shipment, so a re-render is byte-identical. */
import type { CarrierCatalog } from './carriers';
import type { LabelData } from './label-data';
import type { NewShipment, PieceRecord } from './storage';

export function labelDataFor(shipment: NewShipment, pieces: PieceRecord[], catalog: CarrierCatalog): LabelData {
  const carrier = catalog.carrier(shipment.carrierId)!;
  const service = catalog.service(shipment.carrierServiceId)!;
  return {
    shipmentNumber: shipment.shipmentNumber,
    despatchDate: new Date(shipment.despatchDate).toISOString(),
    carrier: { code: carrier.code, name: carrier.name },
    service: { code: service.serviceCode, name: service.name },
    features: shipment.features.map((id) => catalog.feature(id)?.name ?? String(id)),
    collectionAddress: shipment.collectionAddress,
    deliveryAddress: shipment.deliveryAddress,
    references: { one: shipment.referenceOne, two: shipment.referenceTwo, three: shipment.referenceThree },
    deliveryInstructions: shipment.deliveryInstructions,
    hsCode: shipment.hsCode,
    descriptionOfGoods: shipment.descriptionOfGoods,
    pieces,
  };
}
