/** End-of-day manifests and the shipments each lists, in order. */
import { bigint, int, real, table, text } from '../columns';

export const manifests = table(
  'manifests',
  {
    id: bigint('id'),
    manifestNumber: text('manifest_number'),
    carrierId: int('carrier_id'),
    createdOn: bigint('created_on'),
    createdBy: text('created_by'),
    shipmentCount: int('shipment_count'),
    pieceCount: int('piece_count'),
    totalWeightKg: real('total_weight_kg'),
  },
  { identity: true },
);

export const manifestShipments = table('manifest_shipments', {
  shipmentId: bigint('shipment_id'),
  manifestId: bigint('manifest_id'),
  position: int('position'),
});
