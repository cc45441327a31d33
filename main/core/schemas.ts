/**
 * One schema per shape. Each schema validates requests (HTTP and IPC alike), serialises
 * responses, documents the API (OpenAPI) and gives the TypeScript type via `Static`.
 * Field names and shapes follow the seed interface; CONTRACT.md fixes limits and formats.
 * Rules that need data (post codes, carrier limits, routes) live in the core, not here.
 */
import { Type, type Static } from 'typebox';

export const STATUSES = [
  'Not Printed',
  'Printed',
  'Manifested',
  'Awaiting Collection',
  'Enroute to Depot',
  'At the Depot',
  'On Vehicle For Delivery',
  'Unknown',
  'On Hold',
  'Lost',
  'Destroyed',
  'Not Scanned',
  'Delivered to Receiver',
  'Returned to Sender',
  'Failed',
  'Cancelled',
] as const;
export type ShipmentStatus = (typeof STATUSES)[number];
/** A shipment's status in responses: one of the seed's sixteen strings (CONTRACT §8). */
export const Status = Type.Enum(STATUSES, { type: 'string' });

export const WEIGHT_UNITS = ['KG', 'G', 'LB', 'OZ'] as const;
export const DIMENSION_UNITS = ['CM', 'MM', 'IN'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export type DimensionUnit = (typeof DIMENSION_UNITS)[number];

const str = (maxLength: number, extra: Record<string, unknown> = {}) => Type.String({ maxLength, ...extra });
/** Date-times in responses: UTC ISO 8601 with milliseconds and Z. */
const DateTime = Type.String({ format: 'date-time' });
// At most 2 decimals is checked in the core: JSON Schema's multipleOf trips on binary fractions.
const Money = Type.Number({ minimum: 0, maximum: 1e12 });
/** An id the stores keep as a 32-bit integer: anything larger is refused, never rounded or overflowed. */
const Id = () => Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

// ---------------------------------------------------------------- addresses

const addressFields = {
  businessName: str(35),
  fullName: str(35),
  phoneNumber: str(20),
  emailAddress: str(254),
  addressLine1: str(35),
  addressLine2: str(35),
  addressLine3: str(35),
  county: str(35),
  city: str(35),
  countryTwoCharacterISOCode: str(2),
  postZipCode: str(10),
};
type AddressField = keyof typeof addressFields;

export const AddressInput = Type.Object(
  Object.fromEntries(Object.entries(addressFields).map(([k, v]) => [k, Type.Optional(v)])) as {
    [K in AddressField]: ReturnType<typeof Type.Optional<(typeof addressFields)[K]>>;
  },
  { additionalProperties: false },
);
export type AddressInput = Static<typeof AddressInput>;

export const Address = Type.Object(
  Object.fromEntries(Object.keys(addressFields).map((k) => [k, Type.String()])) as {
    [K in AddressField]: ReturnType<typeof Type.String>;
  },
);
export type Address = Static<typeof Address>;
export const ADDRESS_FIELDS = Object.keys(addressFields) as AddressField[];

// ---------------------------------------------------------------- create

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

/** Extension (CONTRACT §17): one line of an international shipment's customs declaration. */
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
    goodsDescription: Type.Optional(str(70)),
    deliveryInstructions: Type.Optional(str(120)),
    carrierId: Id(),
    carrierServiceId: Id(),
    hsCode: Type.Optional(str(10)),
    descriptionOfGoods: Type.Optional(str(70)),
    collectionAddress: AddressInput,
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
      Type.Boolean({ description: 'Extension: also keep the delivery address in the address book (CONTRACT §14).' }),
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

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
});

// ---------------------------------------------------------------- list

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

// ---------------------------------------------------------------- view

export const ShipmentIdParams = Type.Object({
  uniqueId: Type.String({ maxLength: 64, description: 'The shipmentId (UUID) returned by create.' }),
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
  descriptionOfGoods: Type.String(),
  goodsDescription: Type.String({ description: 'Extension.' }),
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
});
export type ShipmentDetail = Static<typeof ShipmentDetail>;

export const LABEL_FORMATS = ['pdf', 'zpl'] as const;
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
      Type.Boolean({ description: 'false: a preview or download; the status stays as it is. Default true (§7).' }),
    ),
    includeCustoms: Type.Optional(Type.Boolean({ description: 'Extension: append the CN22 (nothing for a CN23).' })),
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

// ---------------------------------------------------------------- tracking

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

// ---------------------------------------------------------------- carriers

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

// ---------------------------------------------------------------- auth

export const AuthQuery = Type.Object(
  { option: Type.Optional(Type.String({ maxLength: 20 })) },
  { additionalProperties: false },
);
export const AuthRequest = Type.Object(
  {
    apiKey: Type.Optional(Type.Object({ apiKey: Type.String({ maxLength: 200 }) }, { additionalProperties: false })),
    credentials: Type.Optional(
      Type.Object(
        { username: Type.String({ maxLength: 64 }), password: Type.String({ maxLength: 1024 }) },
        { additionalProperties: false },
      ),
    ),
    refreshToken: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type AuthRequest = Static<typeof AuthRequest>;
const TokenShape = Type.Object({ accessToken: Type.String(), expires: DateTime });
export const AuthResponse = Type.Object({
  token: TokenShape,
  refreshToken: TokenShape,
  errorMessage: Type.Union([Type.String(), Type.Null()]),
});
export type AuthResponse = Static<typeof AuthResponse>;

export const ROLES = ['admin', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export const User = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  role: Type.Enum(ROLES),
  disabled: Type.Boolean(),
  createdOn: DateTime,
});
export type User = Static<typeof User>;
export const UserList = Type.Object({ items: Type.Array(User) });
export const CreateUserRequest = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ maxLength: 1024 }),
    role: Type.Optional(Type.Enum(ROLES)),
  },
  { additionalProperties: false },
);
export const UpdateUserRequest = Type.Object(
  {
    disabled: Type.Optional(Type.Boolean()),
    role: Type.Optional(Type.Enum(ROLES)),
    password: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  { additionalProperties: false },
);
export const UserIdParams = Type.Object({ userId: Type.String({ maxLength: 20 }) });
export const ChangeOwnPasswordRequest = Type.Object(
  {
    currentPassword: Type.String({ maxLength: 1024 }),
    newPassword: Type.String({ maxLength: 1024 }),
  },
  { additionalProperties: false },
);

export const ApiKey = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  prefix: Type.String({ description: 'The first characters of the key, to recognise it.' }),
  username: Type.String(),
  createdOn: DateTime,
  lastUsedOn: Type.Union([DateTime, Type.Null()]),
});
export type ApiKey = Static<typeof ApiKey>;
export const ApiKeyList = Type.Object({ items: Type.Array(ApiKey) });
export const CreateApiKeyRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64 }),
    username: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export const CreatedApiKey = Type.Object({
  apiKey: ApiKey,
  key: Type.String({ description: 'Shown once: the station stores only its hash.' }),
});
export const ApiKeyIdParams = Type.Object({ apiKeyId: Type.String({ maxLength: 20 }) });

export const Me = Type.Object({ user: User });

// ---------------------------------------------------------------- station settings

export const LABEL_SIZES = ['4x6', 'A6'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];
/** Currency code → the highest total value declared on a CN22 (CONTRACT §17). */
const Cn22MaxValue = Type.Record(Type.String({ pattern: '^[A-Z]{3}$' }), Type.Number({ minimum: 0, maximum: 1e12 }), {
  additionalProperties: false,
  description:
    'Extension: per currency, the highest total value a CN22 declares; above it, or for a currency not listed, a CN23.',
});
export const StationSettings = Type.Object({
  senderAddress: Address,
  labelSize: Type.Enum(LABEL_SIZES),
  cn22MaxValue: Cn22MaxValue,
});
export type StationSettings = Static<typeof StationSettings>;
export const UpdateSettingsRequest = Type.Object(
  {
    senderAddress: Type.Optional(AddressInput),
    labelSize: Type.Optional(Type.Enum(LABEL_SIZES)),
    cn22MaxValue: Type.Optional(Cn22MaxValue),
  },
  { additionalProperties: false },
);

// ---------------------------------------------------------------- misc

export const Health = Type.Object({ status: Type.String(), version: Type.String() });
export const Empty = Type.Object({}, { additionalProperties: false });

export const Problem = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    instance: Type.String(),
  },
  { additionalProperties: Type.String() },
);
export type Problem = Static<typeof Problem>;

// ---------------------------------------------------------------- manifests (CONTRACT §13)

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

// ---------------------------------------------------------------- batch import (CONTRACT §14)

export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;

export const ImportRequest = Type.String({
  maxLength: IMPORT_MAX_BYTES,
  contentMediaType: 'text/csv',
  description: 'The CSV file itself (Content-Type: text/csv), UTF-8 with or without BOM, comma or semicolon separated.',
});

export const ImportQuery = Type.Object(
  {
    dryRun: Type.Optional(Type.Boolean({ description: 'Check every row, create nothing.' })),
    carrierId: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'For rows without one.' }),
    ),
    carrierServiceId: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'For rows without one.' }),
    ),
  },
  { additionalProperties: false },
);
export type ImportQuery = Static<typeof ImportQuery>;

export const ImportIdParams = Type.Object({
  importId: Type.String({ maxLength: 20, description: 'An integer import id.' }),
});
/** CONTRACT §15 on an import's labels: the whole batch in one format. */
export const ImportLabelsQuery = Type.Object(
  {
    format: Type.Optional(
      Type.Enum(LABEL_FORMATS, { description: 'pdf (default) or zpl (ZPL II for a thermal printer).' }),
    ),
    dpi: Type.Optional(LabelDpiSchema),
    includeCustoms: Type.Optional(
      Type.Boolean({
        description: "Extension: each shipment's CN22 after its labels (nothing for a CN23), as on a shipment's label.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type ImportLabelsQuery = Static<typeof ImportLabelsQuery>;

/** An import still running, asked after by the Idempotency-Key it was sent with. */
export const ImportProgressParams = Type.Object({
  idempotencyKey: Type.String({
    minLength: 1,
    maxLength: 255,
    description: 'The Idempotency-Key of the running import.',
  }),
});
export const ImportProgress = Type.Object({
  rowsDone: Type.Integer({ description: 'Rows of the file with an outcome so far.' }),
  totalRows: Type.Integer(),
});
export type ImportProgress = Static<typeof ImportProgress>;

export const IMPORT_ROW_STATUSES = ['created', 'valid', 'invalid', 'skipped'] as const;
export const ImportRowResult = Type.Object({
  row: Type.Integer({ description: 'The row of the file, 1 being the first after the header.' }),
  status: Type.Enum(IMPORT_ROW_STATUSES, { description: '`valid`: would be created (dry run).' }),
  shipmentId: Type.Optional(Type.String({ format: 'uuid' })),
  shipmentNumber: Type.Optional(Type.String()),
  problems: Type.Optional(
    Type.Record(Type.String(), Type.String(), { description: 'Field path → what is wrong, as a 400 names it.' }),
  ),
  reason: Type.Optional(Type.String()),
});
export type ImportRowResult = Static<typeof ImportRowResult>;

export const ImportResult = Type.Object({
  importId: Type.Union([Type.Integer(), Type.Null()], { description: 'null for a dry run, which is not kept.' }),
  dryRun: Type.Boolean(),
  createdOn: DateTime,
  totalRows: Type.Integer(),
  created: Type.Integer(),
  valid: Type.Integer(),
  invalid: Type.Integer(),
  skipped: Type.Integer(),
  columns: Type.Array(Type.Object({ header: Type.String(), field: Type.Union([Type.String(), Type.Null()]) })),
  rows: Type.Array(ImportRowResult),
});
export type ImportResult = Static<typeof ImportResult>;

// ---------------------------------------------------------------- bulk actions

export const BulkLabelsRequest = Type.Object(
  { shipmentIds: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
);
/** CONTRACT §17 on a selection's labels, as on a shipment's label route. */
export const BulkLabelsQuery = Type.Object(
  {
    includeCustoms: Type.Optional(
      Type.Boolean({ description: "Extension: each shipment's CN22 after its labels (nothing for a CN23)." }),
    ),
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
/** A 400: the problem plus one member per wrong field, named by its path in the request. */
export const ValidationProblem = Type.Object(
  {
    type: Type.Literal('/problems/validation'),
    title: Type.String(),
    status: Type.Literal(400),
    detail: Type.String(),
    instance: Type.String(),
  },
  {
    additionalProperties: Type.String(),
    description:
      'One extra member per wrong field: its path in the request (`deliveryAddress.postZipCode`, `shipmentPieces[1].weight`, a query parameter’s name) and a sentence saying what is expected.',
  },
);

// ---------------------------------------------------------------- webhooks

/**
 * What a webhook can be told. A new kind of event is a line here (and, for a shipment
 * status, a line in core/webhooks.ts's EVENT_OF_STATUS).
 */
export const WEBHOOK_EVENTS = [
  'shipment.created',
  'shipment.printed',
  'shipment.cancelled',
  'tracking.updated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WebhookEventType = Type.Enum(WEBHOOK_EVENTS, { type: 'string' });

export const Webhook = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(WebhookEventType),
  allowRemoteHost: Type.Boolean(),
  createdOn: DateTime,
  createdBy: Type.String(),
});
export type Webhook = Static<typeof Webhook>;
export const WebhookList = Type.Object({ items: Type.Array(Webhook) });
export const CreateWebhookRequest = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: 2000,
      description: 'Where to POST: this machine (loopback) unless allowRemoteHost.',
    }),
    events: Type.Optional(
      Type.Array(WebhookEventType, { minItems: 1, maxItems: 20, description: 'Default: every event.' }),
    ),
    allowRemoteHost: Type.Optional(
      Type.Boolean({ description: 'Allow a URL on another host (an administrator’s explicit choice).' }),
    ),
  },
  { additionalProperties: false },
);
export type CreateWebhookRequest = Static<typeof CreateWebhookRequest>;
export const CreatedWebhook = Type.Object({
  webhook: Webhook,
  secret: Type.String({ description: 'Shown once: verifies each delivery’s Webhook-Signature (HMAC-SHA256).' }),
});
export const WebhookIdParams = Type.Object({ webhookId: Type.String({ maxLength: 20 }) });
export const WebhookDelivery = Type.Object({
  id: Type.Integer(),
  eventId: Type.String({ description: 'The Webhook-Id header: the same on every retry of one event.' }),
  type: Type.String(),
  state: Type.Enum(['pending', 'delivered', 'failed'] as const, { type: 'string' }),
  attempts: Type.Integer(),
  createdOn: DateTime,
  lastAttemptOn: Type.Union([DateTime, Type.Null()]),
  nextAttemptOn: Type.Union([DateTime, Type.Null()]),
  responseStatus: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.String(),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;
export const WebhookDeliveryList = Type.Object({ items: Type.Array(WebhookDelivery) });
// ---------------------------------------------------------------- printers (CONTRACT §15)

export const PrinterSchema = Type.Object({
  id: Type.String({ description: '`system:<queue>` or `network:<host>:<port>`.' }),
  name: Type.String(),
  kind: Type.Enum(['system', 'network'] as const),
  address: Type.Optional(Type.String({ description: 'host:port of a network printer.' })),
});
export const LabelPrinterChoiceSchema = Type.Object(
  {
    printerId: Type.Union([Type.String({ minLength: 1, maxLength: 300 }), Type.Null()]),
    format: Type.Enum(LABEL_FORMATS),
    dpi: LabelDpiSchema,
    pageSize: Type.Enum(LABEL_SIZES),
    documentPrinterId: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 300 }), Type.Null()], {
        description:
          'The desk’s A4 printer, for a CN23 and its commercial invoice (PDF at A4); null for none. Left out, the current one stays.',
      }),
    ),
  },
  { additionalProperties: false },
);
export const PrintJobSchema = Type.Object({
  printerId: Type.String(),
  printerName: Type.String(),
  what: Type.String(),
  at: DateTime,
  ok: Type.Boolean(),
  error: Type.Union([Type.String(), Type.Null()]),
});
export const PrinterOverviewSchema = Type.Object({
  items: Type.Array(PrinterSchema),
  labelPrinter: LabelPrinterChoiceSchema,
  lastJob: Type.Union([PrintJobSchema, Type.Null()]),
  systemError: Type.Union([Type.String(), Type.Null()], {
    description: 'Why the system printers could not be listed.',
  }),
});
export const AddNetworkPrinterRequest = Type.Object(
  {
    address: Type.String({ minLength: 1, maxLength: 300, description: 'host:port; the port is 9100 when left out.' }),
    name: Type.Optional(Type.String({ description: 'At most 80 characters; default "Label printer at <address>".' })),
  },
  { additionalProperties: false },
);
export const PrinterIdParams = Type.Object({ printerId: Type.String({ minLength: 1, maxLength: 300 }) });
export const PrintQuery = Type.Object(
  { printerId: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })) },
  { additionalProperties: false },
);
export const PrintResponse = Type.Object({
  success: Type.Boolean(),
  printerId: Type.String(),
  printer: Type.String(),
  format: Type.Enum(LABEL_FORMATS),
  status: Type.String({ description: "The shipment's status after the job." }),
  documentPrinter: Type.Optional(
    Type.String({
      description: 'The A4 printer that took the CN23 and commercial invoice, when the shipment needs them.',
    }),
  ),
});
/** What a batch print did with one shipment. */
export const BatchPrintItem = Type.Object({
  shipmentId: Type.String(),
  shipmentNumber: Type.Optional(Type.String()),
  ok: Type.Boolean({ description: 'true: its labels were in the job the printer took; it is Printed.' }),
  problem: Type.Optional(Type.String()),
  labels: Type.Optional(Type.Integer({ description: 'Its label pages in the label job (one a piece).' })),
  customsForm: Type.Optional(
    Type.Enum(CUSTOMS_FORMS, {
      description:
        "An international shipment's form: a CN22 printed after its labels in the label job, or a CN23 and its commercial invoice in the A4 job.",
    }),
  ),
});
export type BatchPrintItem = Static<typeof BatchPrintItem>;
/**
 * A batch print (an import's labels, or a selection's): ONE job on the desk's label printer
 * (labels, each shipment's CN22 after its labels) and, when any shipment needs a CN23, ONE
 * job on its A4 printer (every CN23 with its commercial invoice).
 */
export const BatchPrintResponse = Type.Object({
  success: Type.Boolean(),
  printerId: Type.String(),
  printer: Type.String(),
  format: Type.Enum(LABEL_FORMATS),
  documentPrinterId: Type.Optional(Type.String()),
  documentPrinter: Type.Optional(
    Type.String({ description: 'The A4 printer that took the CN23s and commercial invoices, when any was needed.' }),
  ),
  results: Type.Array(BatchPrintItem),
});
/** A shipment's CN23 and commercial invoice sent to the desk's A4 printer. */
export const CustomsPrintResponse = Type.Object({
  success: Type.Boolean(),
  printerId: Type.String(),
  printer: Type.String({ description: 'The A4 printer that took the job.' }),
  form: Type.Enum(CUSTOMS_FORMS),
});
/**
 * A batch whose labels went through the window (no label printer): a selection's shipments,
 * or imports' (an import may hold more shipments than a selection). Exactly one of the two.
 */
export const CustomsBatchRequest = Type.Object(
  {
    shipmentIds: Type.Optional(
      Type.Array(Type.String({ maxLength: 64 }), {
        minItems: 1,
        maxItems: 1000,
        description: 'The shipments, in the order their labels were printed.',
      }),
    ),
    importIds: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), {
        minItems: 1,
        maxItems: 100,
        description: 'Imports, in order: the shipments each created, in row order.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CustomsBatchRequest = Static<typeof CustomsBatchRequest>;
const CustomsBatchShipments = Type.Array(Type.Object({ shipmentId: Type.String(), shipmentNumber: Type.String() }), {
  description: 'The shipments that need a CN23, in the batch order: their CN23 and invoice are in the document.',
});
/** Every CN23 with its commercial invoice of a batch, as one A4 PDF for a print through the window. */
export const CustomsBatchResponse = Type.Object({
  format: Type.Literal('pdf'),
  base64String: Type.String({
    description: 'Each CN23 then its commercial invoice, on A4, in the batch order; empty when none needs one.',
  }),
  shipments: CustomsBatchShipments,
});
export type CustomsBatchResponse = Static<typeof CustomsBatchResponse>;
/** A batch's CN23s and commercial invoices sent to the desk's A4 printer as one job. */
export const CustomsBatchPrintResponse = Type.Object({
  success: Type.Boolean(),
  printerId: Type.Optional(Type.String({ description: 'Absent when no shipment needed a CN23 (nothing was sent).' })),
  printer: Type.Optional(Type.String({ description: 'The A4 printer that took the job.' })),
  shipments: CustomsBatchShipments,
});
export const TestPageQuery = PrintQuery;
export const TestPageResponse = Type.Object({
  success: Type.Boolean(),
  printerId: Type.String(),
  printer: Type.String(),
  format: Type.Enum(LABEL_FORMATS),
  dpi: LabelDpiSchema,
});

// ---------------------------------------------------------------- address book (CONTRACT §14)

export const ADDRESS_KINDS = ['delivery', 'collection'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];
const savedAddressExtras = {
  nickname: Type.Optional(str(35)),
  kind: Type.Optional(Type.Enum(ADDRESS_KINDS)),
};
export const SavedAddressInput = Type.Object(
  { ...AddressInput.properties, ...savedAddressExtras },
  { additionalProperties: false },
);
export type SavedAddressInput = Static<typeof SavedAddressInput>;
export const SavedAddress = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  kind: Type.Enum(ADDRESS_KINDS),
  ...Address.properties,
  updatedOn: DateTime,
});
export type SavedAddress = Static<typeof SavedAddress>;
export const SavedAddressList = Type.Object({ totalItems: Type.Integer(), items: Type.Array(SavedAddress) });
export type SavedAddressList = Static<typeof SavedAddressList>;
export const AddressListQuery = Type.Object(
  {
    Search: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'Words starting a word of the nickname, names, city or post code; case and accents ignored.',
      }),
    ),
    Kind: Type.Optional(Type.Enum(ADDRESS_KINDS)),
    ItemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  },
  { additionalProperties: false },
);
export type AddressListQuery = Static<typeof AddressListQuery>;
export const AddressIdParams = Type.Object({ addressId: Type.String({ maxLength: 20 }) });

// ---------------------------------------------------------------- package presets (CONTRACT §14)

const presetFields = {
  name: Type.String({ minLength: 1, maxLength: 35 }),
  length: Type.Number({ exclusiveMinimum: 0, maximum: 10_000 }),
  width: Type.Number({ exclusiveMinimum: 0, maximum: 10_000 }),
  height: Type.Number({ exclusiveMinimum: 0, maximum: 10_000 }),
  dimensionUnit: Type.Enum(DIMENSION_UNITS),
  weight: Type.Union([Type.Number({ exclusiveMinimum: 0, maximum: 100_000 }), Type.Null()]),
  weightUnit: Type.Enum(WEIGHT_UNITS),
  description: str(35),
};
export const PackagePresetInput = Type.Object(
  {
    name: presetFields.name,
    length: presetFields.length,
    width: presetFields.width,
    height: presetFields.height,
    dimensionUnit: Type.Optional(presetFields.dimensionUnit),
    weight: Type.Optional(presetFields.weight),
    weightUnit: Type.Optional(presetFields.weightUnit),
    description: Type.Optional(presetFields.description),
  },
  { additionalProperties: false },
);
export type PackagePresetInput = Static<typeof PackagePresetInput>;
export const UpdatePackagePresetRequest = Type.Partial(PackagePresetInput, { additionalProperties: false });
export type UpdatePackagePresetRequest = Static<typeof UpdatePackagePresetRequest>;
export const PackagePreset = Type.Object({
  id: Type.Integer(),
  ...presetFields,
  description: Type.String(),
  updatedOn: DateTime,
});
export type PackagePreset = Static<typeof PackagePreset>;
export const PackagePresetList = Type.Object({ items: Type.Array(PackagePreset) });
export type PackagePresetList = Static<typeof PackagePresetList>;
export const PresetIdParams = Type.Object({ presetId: Type.String({ maxLength: 20 }) });
