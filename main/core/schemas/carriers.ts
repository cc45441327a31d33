/** Carriers, their services and features. */
import { Type, type Static } from 'typebox';

export const CarrierIdParams = Type.Object({
  carrierId: Type.String({ maxLength: 20, description: 'An integer carrier id.' }),
});
export const Carrier = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  code: Type.String(),
});
export const CarrierList = Type.Object({ items: Type.Array(Carrier) });
export const CarrierService = Type.Object({
  id: Type.Integer(),
  systemName: Type.String(),
  name: Type.String(),
  uniqueIdentifier: Type.String({ format: 'uuid' }),
  serviceCode: Type.String(),
  maxWeightKg: Type.Number({ description: 'Extension: heaviest piece allowed.' }),
  maxLengthCm: Type.Number({ description: 'Extension: longest side allowed.' }),
  scope: Type.String({ description: 'Extension: domestic, international or both.' }),
  isReturn: Type.Boolean({
    description:
      'Extension: a return service, for a return made from a shipment (POST /shipments/{uniqueId}/return); an outbound create may not use it.',
  }),
});
export const CarrierServiceList = Type.Object({ items: Type.Array(CarrierService) });
export const CarrierFeature = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  carrierFeatureCode: Type.String(),
});
export const CarrierFeatureList = Type.Object({ items: Type.Array(CarrierFeature) });
export type CarrierService = Static<typeof CarrierService>;
export type CarrierFeature = Static<typeof CarrierFeature>;
export type Carrier = Static<typeof Carrier>;
