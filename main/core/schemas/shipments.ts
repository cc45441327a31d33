/** Shipments: create, list, view, labels, tracking and bulk label requests. */
import { Type, type Static } from 'typebox';
import {
  Address,
  AddressInput,
  SenderAddressInput,
  DIMENSION_UNITS,
  DateTime,
  Id,
  Money,
  Status,
  WEIGHT_UNITS,
  described,
  str,
} from './common';
import { OFFICE_SHEETS } from '../label-data';

export const PieceInput = Type.Object(
  {
    description: Type.Optional(str(35)),
    weightUnit: Type.Optional(Type.Enum(WEIGHT_UNITS)),
    dimensionUnit: Type.Optional(Type.Enum(DIMENSION_UNITS)),
    weight: Type.Number({ exclusiveMinimum: 0, maximum: 100000 }),
    length: Type.Number({ exclusiveMinimum: 0, maximum: 100000 }),
    width: Type.Number({ exclusiveMinimum: 0, maximum: 100000 }),
    height: Type.Number({ exclusiveMinimum: 0, maximum: 100000 }),
  },
  { additionalProperties: false },
);
export type PieceInput = Static<typeof PieceInput>;

export const CONTENTS_TYPES = [
  'Sale of goods',
  'Gift',
  'Documents',
  'Commercial sample',
  'Returned goods',
  'Other',
] as const;
export type ContentsType = (typeof CONTENTS_TYPES)[number];

/** Extension (docs/contract.md §17): one line of an international shipment's customs declaration. */
export const CustomsItemInput = Type.Object(
  {
    description: Type.String({ minLength: 1, maxLength: 50 }),
    quantity: Type.Integer({ minimum: 1, maximum: 100000 }),
    unitValue: Type.Number({
      minimum: 0,
      maximum: 1e12,
      description: 'Per unit, in the shipment’s currency, at most 2 decimals.',
    }),
    netWeight: Type.Number({ exclusiveMinimum: 0, maximum: 100000, description: 'Of the whole line (every unit).' }),
    weightUnit: Type.Optional(Type.Enum(WEIGHT_UNITS)),
    hsCode: Type.Optional(
      Type.String({ maxLength: 12, description: '6 to 10 digits; default the shipment’s hsCode.' }),
    ),
    originCountry: Type.Optional(
      Type.String({ maxLength: 2, description: 'ISO 3166 alpha-2; default the collection country.' }),
    ),
  },
  { additionalProperties: false },
);
export type CustomsItemInput = Static<typeof CustomsItemInput>;

export const CreateShipmentRequest = Type.Object(
  {
    despatchDate: Type.Optional(Type.String({ maxLength: 40 })),
    goodsDescription: Type.Optional(
      str(70, {
        description:
          'What the parcel holds, in your own words (up to 70 characters): kept with the shipment and shown in its detail, not printed.',
      }),
    ),
    deliveryInstructions: Type.Optional(str(120)),
    carrierId: Id(),
    carrierServiceId: Id(),
    hsCode: Type.Optional(str(10)),
    descriptionOfGoods: Type.Optional(
      str(70, {
        description:
          'The contents for customs (up to 70 characters): required when the two countries differ; printed on the label beside the HS code, and the customs item when customsItems is left out.',
      }),
    ),
    collectionAddress: Type.Optional(
      described(
        SenderAddressInput,
        'Where the carrier collects, with the sender’s customs numbers for an international shipment. Default: the sender address of Settings, its customs numbers included (a 400 naming this field when none is set).',
      ),
    ),
    deliveryAddress: AddressInput,
    referenceOne: Type.Optional(str(35)),
    referenceTwo: Type.Optional(str(35)),
    referenceThree: Type.Optional(str(35)),
    cost: Type.Optional(Money),
    insuredValue: Type.Optional(Money),
    currency: Type.Optional(Type.String({ maxLength: 3 })),
    shipmentPieces: Type.Array(PieceInput, { minItems: 1, maxItems: 50 }),
    carrierFeatures: Type.Optional(Type.Array(Id(), { maxItems: 50 })),
    saveDeliveryAddress: Type.Optional(
      Type.Boolean({ description: 'Extension: also keep the delivery address in the address book (GET /addresses).' }),
    ),
    customsItems: Type.Optional(
      Type.Array(CustomsItemInput, { minItems: 1, maxItems: 20, description: 'Extension: international only.' }),
    ),
    contentsType: Type.Optional(
      Type.Enum(CONTENTS_TYPES, { description: 'Extension: international only; default Sale of goods.' }),
    ),
  },
  { additionalProperties: false },
);
export type CreateShipmentRequest = Static<typeof CreateShipmentRequest>;

/**
 * A label PDF as base 64: OpenAPI's `format: byte`. The HTTP door writes these without a
 * JSON-escaping pass (app.ts): the base 64 alphabet has nothing to escape.
 */
const PdfBase64 = (description?: string) =>
  Type.String({ format: 'byte', contentMediaType: 'application/pdf', ...(description ? { description } : {}) });

export const CreatedPiece = Type.Object({
  sequenceNumber: Type.Integer(),
  base64String: PdfBase64('A one-page PDF, base 64: the label of this piece.'),
  trackingNumber: Type.String(),
});

export const CreateShipmentResponse = Type.Object({
  success: Type.Boolean(),
  shipmentId: Type.String({ format: 'uuid' }),
  shipmentNumber: Type.String(),
  shipmentPieces: Type.Array(CreatedPiece),
  replayed: Type.Optional(
    Type.Boolean({
      description:
        '*Extension*: true when this answer repeats an earlier create with the same Idempotency-Key (nothing was created now); absent on the first answer.',
    }),
  ),
});
export type CreateShipmentResponse = Static<typeof CreateShipmentResponse>;

/** Extension (docs/contract.md §23): a return of a shipment. */
export const CreateReturnRequest = Type.Object(
  {
    carrierServiceId: Type.Optional(
      Id({
        description:
          'A return service (isReturn) of the shipment’s carrier that carries this route; default the first such service.',
      }),
    ),
    referenceOne: Type.Optional(str(35, { description: 'Default RMA- and the original’s shipment number.' })),
  },
  { additionalProperties: false },
);
export type CreateReturnRequest = Static<typeof CreateReturnRequest>;

export const CreateReturnResponse = Type.Object({
  ...CreateShipmentResponse.properties,
  returnOf: Type.String({ format: 'uuid', description: 'The shipmentId of the shipment it returns.' }),
});
export type CreateReturnResponse = Static<typeof CreateReturnResponse>;

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
});

export const ListShipmentsQuery = Type.Object(
  {
    DateFrom: Type.Optional(Type.String({ maxLength: 40 })),
    DateTo: Type.Optional(Type.String({ maxLength: 40 })),
    Status: Type.Optional(
      Type.Union([Type.String({ maxLength: 400 }), Type.Array(Type.String({ maxLength: 400 }), { maxItems: 32 })]),
    ),
    Page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
    ItemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    OrderByDate: Type.Optional(Type.Enum(['NewestFirst', 'OldestFirst'] as const)),
    Returns: Type.Optional(
      Type.Boolean({ description: 'Extension: true lists return shipments only (POST /shipments/{uniqueId}/return).' }),
    ),
    Search: Type.Optional(
      Type.String({
        maxLength: 100,
        description:
          'Extension: a shipment number, a tracking number (case and spaces ignored), a reference (prefix), ' +
          'words of the delivery name (prefixes; case and accents ignored), the delivery post code or email. At least 2 characters.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ListShipmentsQuery = Static<typeof ListShipmentsQuery>;

export const ListItem = Type.Object({
  id: Type.Integer(),
  shipmentId: Type.String({ format: 'uuid', description: 'Extension: the UUID that leads to the detail.' }),
  shipmentNo: Type.String(),
  createdOn: DateTime,
  shipping: DateTime,
  shipper: Type.String(),
  reference: Type.String(),
  deliveryAddress: Type.String(),
  carrier: Type.String(),
  carrierService: Type.String(),
  pieces: Type.Integer(),
  weight: Type.Number(),
  weightMeasurement: Type.String(),
  status: Status,
  trackingDescription: Type.String(),
  statusDateTime: DateTime,
  statusLocation: Type.String(),
  statusSignatory: Type.String(),
});
export type ListItem = Static<typeof ListItem>;

export const ShipmentList = Type.Object({
  totalItems: Type.Integer(),
  totalPieces: Type.Integer(),
  items: Type.Array(ListItem),
});
export type ShipmentList = Static<typeof ShipmentList>;

export const ShipmentIdParams = Type.Object({
  uniqueId: Type.String({
    maxLength: 64,
    description: 'The shipmentId (a UUID) or the shipmentNumber (SS00000042) that create returned.',
  }),
});

export const ViewedPiece = Type.Object({
  description: Type.String(),
  weight: Type.Number(),
  weightUnit: Type.String(),
  length: Type.Number(),
  width: Type.Number(),
  height: Type.Number(),
  dimensionUnit: Type.String(),
  base64String: PdfBase64(),
  trackingNumber: Type.String(),
  sequenceNumber: Type.Integer({ description: 'Extension.' }),
});

export const CustomsItem = Type.Object({
  description: Type.String(),
  quantity: Type.Integer(),
  unitValue: Type.Number(),
  netWeight: Type.Number(),
  weightUnit: Type.String(),
  hsCode: Type.String(),
  originCountry: Type.String(),
});
export type CustomsItem = Static<typeof CustomsItem>;
export const CUSTOMS_FORMS = ['CN22', 'CN23'] as const;
export type CustomsForm = (typeof CUSTOMS_FORMS)[number];

export const ShipmentDetail = Type.Object({
  shipmentNumber: Type.String(),
  despatchDate: DateTime,
  deliveryInstructions: Type.String(),
  carrier: Type.String(),
  carrierService: Type.String(),
  hsCode: Type.String(),
  descriptionOfGoods: Type.String({ description: 'The contents for customs, as the create gave them.' }),
  goodsDescription: Type.String({ description: 'What the parcel holds, in the words the create gave.' }),
  collectionAddress: Address,
  deliveryAddress: Address,
  reference: Type.String(),
  cost: Type.Number(),
  insuredValue: Type.Number(),
  currency: Type.String(),
  shipmentPieces: Type.Array(ViewedPiece),
  shipmentId: Type.String({ format: 'uuid' }),
  status: Status,
  createdOn: DateTime,
  carrierId: Type.Integer(),
  carrierServiceId: Type.Integer(),
  carrierFeatures: Type.Array(Type.Integer()),
  referenceOne: Type.String(),
  referenceTwo: Type.String(),
  referenceThree: Type.String(),
  contentsType: Type.Optional(Type.String({ description: 'Extension: international shipments only.' })),
  customsItems: Type.Optional(Type.Array(CustomsItem, { description: 'Extension: international shipments only.' })),
  customsForm: Type.Optional(
    Type.Enum(CUSTOMS_FORMS, { description: 'Extension: the declaration its value calls for.' }),
  ),
  printCount: Type.Optional(
    Type.Integer({ description: 'Extension: how many times its labels went to a printer (the audit trail).' }),
  ),
  lastPrintedOn: Type.Optional(Type.Union([DateTime, Type.Null()], { description: 'Extension: the latest print.' })),
  lastPrintedBy: Type.Optional(
    Type.Union([Type.String(), Type.Null()], { description: 'Extension: who printed it last.' }),
  ),
  orderId: Type.Optional(Type.String({ format: 'uuid', description: 'Extension: the order it ships.' })),
  orderNumber: Type.Optional(Type.String({ description: 'Extension: the order it ships.' })),
  ruleName: Type.Optional(
    Type.String({ description: 'Extension: the shipping rule that chose its service; empty when none did.' }),
  ),
  customsNumbers: Type.Optional(
    Type.Object(
      { eoriNumber: Type.String(), vatNumber: Type.String(), iossNumber: Type.String() },
      { description: 'Extension: international shipments only: the sender’s customs numbers on its forms.' },
    ),
  ),
  iossApplied: Type.Optional(
    Type.Boolean({
      description:
        'Extension: international shipments only: declared under the sender’s IOSS number (an EU destination, goods worth EUR 150 or less).',
    }),
  ),
  returnOf: Type.Optional(Type.String({ format: 'uuid', description: 'Extension: the shipment this one returns.' })),
  returnOfNumber: Type.Optional(Type.String({ description: 'Extension: the shipment number of the one it returns.' })),
  returns: Type.Optional(
    Type.Array(Type.String({ format: 'uuid' }), { description: 'Extension: the returns made of it, oldest first.' }),
  ),
  returnNumbers: Type.Optional(
    Type.Array(Type.String(), { description: 'Extension: the shipment numbers of its returns, as `returns`.' }),
  ),
});
export type ShipmentDetail = Static<typeof ShipmentDetail>;

export const LABEL_FORMATS = ['pdf', 'zpl'] as const;

// Label workers read these without loading the schemas (label-data.ts); the window reads them here.
export { OFFICE_SHEETS, SHEET_LABEL_SIZE, SHEET_PAPER, type OfficeSheet } from '../label-data';
/** Labels on office paper (PDF only): two 4×6 on A4 or Letter, or four A6 on A4, filled in order. */
export const SheetSchema = Type.Enum(OFFICE_SHEETS, {
  description:
    'Extension, PDF only: the labels placed on office sheets (A4-2x4x6, Letter-2x4x6 or A4-4xA6), filled in order; the sheet decides the label size.',
});
export const LabelDpiSchema = Type.Union([Type.Literal(203), Type.Literal(300)], {
  description: "A ZPL label's printer resolution in dots per inch; default 203.",
});
export const LabelQuery = Type.Object(
  {
    pageSize: Type.Optional(Type.Enum(['4x6', 'A6'] as const)),
    format: Type.Optional(
      Type.Enum(LABEL_FORMATS, { description: 'pdf (default) or zpl (ZPL II for a thermal printer).' }),
    ),
    dpi: Type.Optional(LabelDpiSchema),
    markPrinted: Type.Optional(
      Type.Boolean({
        description:
          'false: a preview or download; the status stays as it is. Default true: the fetch moves Not Printed to Printed.',
      }),
    ),
    includeCustoms: Type.Optional(Type.Boolean({ description: 'Extension: append the CN22 (nothing for a CN23).' })),
    sheet: Type.Optional(SheetSchema),
  },
  { additionalProperties: false },
);
export const CustomsQuery = Type.Object(
  {
    pageSize: Type.Optional(Type.Enum(['4x6', 'A6'] as const)),
    format: Type.Optional(
      Type.Enum(LABEL_FORMATS, {
        description: 'pdf (default) or zpl: the CN22 alone, for a thermal printer (a CN23 is A4: 409).',
      }),
    ),
    dpi: Type.Optional(LabelDpiSchema),
  },
  { additionalProperties: false },
);
export const CustomsResponse = Type.Object({
  format: Type.Enum(LABEL_FORMATS),
  form: Type.Enum(CUSTOMS_FORMS),
  base64String: Type.String({
    format: 'byte',
    description:
      'The PDF (a CN22 on the label’s page size, or a CN23 and a commercial invoice on A4), or the CN22 as ZPL text, base 64.',
  }),
});
export type CustomsResponse = Static<typeof CustomsResponse>;
export const LabelResponse = Type.Object({
  format: Type.Enum(LABEL_FORMATS),
  base64String: Type.String({ format: 'byte', description: 'The PDF, or the ZPL text, base 64.' }),
});
export type LabelResponse = Static<typeof LabelResponse>;

export const SuccessResponse = Type.Object({ success: Type.Boolean() });

export const TrackingStatus = Type.Object({
  signatoryFileName: Type.String(),
  location: Type.String(),
  signatory: Type.String(),
  geoLocationLongitude: Type.Union([Type.Number(), Type.Null()]),
  geoLocationLatitude: Type.Union([Type.Number(), Type.Null()]),
  carrierDepotId: Type.Union([Type.Integer(), Type.Null()]),
  user: Type.String(),
  trackingNumber: Type.String(),
  description: Type.String(),
  status: Status,
  occurredOn: DateTime,
});
export type TrackingStatus = Static<typeof TrackingStatus>;

export const TrackingResponse = Type.Object({
  shipmentNumber: Type.String(),
  lastStatus: TrackingStatus,
  trackingHistory: Type.Array(TrackingStatus),
});
export type TrackingResponse = Static<typeof TrackingResponse>;

/** The public tracking view's path parameter: any reference an addressee may hold. */
export const TrackingReferenceParams = Type.Object({
  uniqueId: Type.String({
    maxLength: 64,
    description: 'The shipmentId, the shipment number or any tracking number of the shipment.',
  }),
});
export const PublicTrackingQuery = Type.Object(
  { postCode: Type.String({ minLength: 1, maxLength: 12 }) },
  { additionalProperties: false },
);

export const CarrierEventRequest = Type.Object(
  {
    status: Type.String({ maxLength: 40 }),
    description: Type.Optional(str(120)),
    location: Type.Optional(str(70)),
    signatory: Type.Optional(str(70)),
    signatoryFileName: Type.Optional(str(255)),
    geoLocationLatitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    geoLocationLongitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    // A safe integer: beyond 2^53 JSON numbers are rounded, beyond 2^63 no store keeps them.
    carrierDepotId: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
    trackingNumber: Type.Optional(str(13)),
    occurredOn: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type CarrierEventRequest = Static<typeof CarrierEventRequest>;

export const BulkLabelsRequest = Type.Object(
  { shipmentIds: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
);
/** A batch's labels fetched to print through a window that cannot say whether they printed. */
export const BatchMarkPrinted = Type.Optional(
  Type.Boolean({
    description:
      'false: the statuses stay as they are (a window print the desk confirms afterwards). Default true: Not Printed shipments become Printed.',
  }),
);
/** docs/contract.md §17 on a selection's labels, as on a shipment's label route. */
export const BulkLabelsQuery = Type.Object(
  {
    includeCustoms: Type.Optional(
      Type.Boolean({ description: "Extension: each shipment's CN22 after its labels (nothing for a CN23)." }),
    ),
    sheet: Type.Optional(SheetSchema),
    markPrinted: BatchMarkPrinted,
  },
  { additionalProperties: false },
);
export type BulkLabelsQuery = Static<typeof BulkLabelsQuery>;
export const BulkLabels = Type.Object({
  format: Type.Literal('pdf'),
  base64String: Type.String({
    description: 'Every printable label in one PDF, in the order asked; empty when none is.',
  }),
  results: Type.Array(
    Type.Object({
      shipmentId: Type.String(),
      shipmentNumber: Type.Optional(Type.String()),
      ok: Type.Boolean(),
      problem: Type.Optional(Type.String()),
    }),
  ),
});
export type BulkLabels = Static<typeof BulkLabels>;
