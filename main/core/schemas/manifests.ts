/** End-of-day manifests. */
import { Type, type Static } from 'typebox';
import { DateTime } from './common';

export const CreateManifestRequest = Type.Object(
  {
    carrierId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    shipmentIds: Type.Optional(
      Type.Array(Type.String({ maxLength: 64 }), {
        minItems: 1,
        maxItems: 10_000,
        description:
          'Only these shipments (UUIDs); without it, every Printed shipment of the carrier not yet on a manifest.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateManifestRequest = Static<typeof CreateManifestRequest>;

export const ManifestIdParams = Type.Object({
  manifestId: Type.String({ maxLength: 20, description: 'An integer manifest id.' }),
});

export const ListManifestsQuery = Type.Object(
  {
    carrierId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    DateFrom: Type.Optional(Type.String({ maxLength: 40 })),
    DateTo: Type.Optional(Type.String({ maxLength: 40 })),
    Page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
    ItemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  },
  { additionalProperties: false },
);
export type ListManifestsQuery = Static<typeof ListManifestsQuery>;

export const ManifestShipment = Type.Object({
  shipmentId: Type.String({ format: 'uuid' }),
  shipmentNumber: Type.String(),
  reference: Type.String(),
  deliveryName: Type.String(),
  deliveryPostZipCode: Type.String(),
  deliveryCountry: Type.String(),
  pieces: Type.Integer(),
  weightKg: Type.Number(),
  trackingNumbers: Type.Array(Type.String()),
});
export type ManifestShipment = Static<typeof ManifestShipment>;

const manifestSummaryFields = {
  id: Type.Integer(),
  manifestNumber: Type.String({ description: 'MF and 8 digits, sequential.' }),
  carrierId: Type.Integer(),
  carrier: Type.String(),
  createdOn: DateTime,
  createdBy: Type.String(),
  shipmentCount: Type.Integer(),
  pieceCount: Type.Integer(),
  totalWeightKg: Type.Number(),
};
export const ManifestSummary = Type.Object(manifestSummaryFields);
export type ManifestSummary = Static<typeof ManifestSummary>;

export const Manifest = Type.Object({
  ...manifestSummaryFields,
  shipments: Type.Array(ManifestShipment),
  format: Type.Literal('pdf'),
  base64String: Type.String({ contentEncoding: 'base64', description: 'The driver’s copy: an A4 PDF.' }),
});
export type Manifest = Static<typeof Manifest>;

export const ManifestList = Type.Object({
  totalItems: Type.Integer(),
  items: Type.Array(ManifestSummary),
});
export type ManifestList = Static<typeof ManifestList>;

export const EndOfDay = Type.Object({
  items: Type.Array(
    Type.Object({
      carrierId: Type.Integer(),
      carrier: Type.String(),
      printedWaiting: Type.Integer({ description: 'Printed and on no manifest yet: what a close would list.' }),
      notPrinted: Type.Integer({ description: 'Still Not Printed: left behind by a close.' }),
    }),
  ),
});
export type EndOfDay = Static<typeof EndOfDay>;
