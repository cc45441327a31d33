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

export const WEIGHT_UNITS = ['KG', 'G', 'LB', 'OZ'] as const;
export const DIMENSION_UNITS = ['CM', 'MM', 'IN'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export type DimensionUnit = (typeof DIMENSION_UNITS)[number];

const str = (maxLength: number, extra: Record<string, unknown> = {}) =>
  Type.String({ maxLength, ...extra });
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
  Object.fromEntries(
    Object.entries(addressFields).map(([k, v]) => [k, Type.Optional(v)]),
  ) as { [K in AddressField]: ReturnType<typeof Type.Optional<(typeof addressFields)[K]>> },
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

export const CONTENTS_TYPES = ['Sale of goods', 'Gift', 'Documents', 'Commercial sample', 'Returned goods', 'Other'] as const;
export type ContentsType = (typeof CONTENTS_TYPES)[number];

/** Extension (CONTRACT §17): one line of an international shipment's customs declaration. */
export const CustomsItemInput = Type.Object(
  {
    description: Type.String({ minLength: 1, maxLength: 50 }),
    quantity: Type.Integer({ minimum: 1, maximum: 100000 }),
    unitValue: Type.Number({ minimum: 0, maximum: 1e12, description: 'Per unit, in the shipment’s currency, at most 2 decimals.' }),
    netWeight: Type.Number({ exclusiveMinimum: 0, maximum: 100000, description: 'Of the whole line (every unit).' }),
    weightUnit: Type.Optional(Type.Enum(WEIGHT_UNITS)),
    hsCode: Type.Optional(Type.String({ maxLength: 12, description: '6 to 10 digits; default the shipment’s hsCode.' })),
    originCountry: Type.Optional(Type.String({ maxLength: 2, description: 'ISO 3166 alpha-2; default the collection country.' })),
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
    customsItems: Type.Optional(
      Type.Array(CustomsItemInput, { minItems: 1, maxItems: 20, description: 'Extension: international only.' }),
    ),
    contentsType: Type.Optional(Type.Enum(CONTENTS_TYPES, { description: 'Extension: international only; default Sale of goods.' })),
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
      Type.Union([
        Type.String({ maxLength: 400 }),
        Type.Array(Type.String({ maxLength: 400 }), { maxItems: 32 }),
      ]),
    ),
    Page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
    ItemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    OrderByDate: Type.Optional(Type.Enum(['NewestFirst', 'OldestFirst'] as const)),
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
  status: Type.String(),
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
  status: Type.String(),
  createdOn: DateTime,
  carrierId: Type.Integer(),
  carrierServiceId: Type.Integer(),
  carrierFeatures: Type.Array(Type.Integer()),
  referenceOne: Type.String(),
  referenceTwo: Type.String(),
  referenceThree: Type.String(),
  contentsType: Type.Optional(Type.String({ description: 'Extension: international shipments only.' })),
  customsItems: Type.Optional(Type.Array(CustomsItem, { description: 'Extension: international shipments only.' })),
  customsForm: Type.Optional(Type.Enum(CUSTOMS_FORMS, { description: 'Extension: the declaration its value calls for.' })),
});
export type ShipmentDetail = Static<typeof ShipmentDetail>;

export const LabelQuery = Type.Object(
  {
    pageSize: Type.Optional(Type.Enum(['4x6', 'A6'] as const)),
    includeCustoms: Type.Optional(Type.Boolean({ description: 'Extension: append the CN22 (nothing for a CN23).' })),
  },
  { additionalProperties: false },
);
export const CustomsQuery = Type.Object(
  {
    pageSize: Type.Optional(Type.Enum(['4x6', 'A6'] as const)),
  },
  { additionalProperties: false },
);
export const CustomsResponse = Type.Object({
  format: Type.Literal('pdf'),
  form: Type.Enum(CUSTOMS_FORMS),
  base64String: PdfBase64('A CN22 on the label’s page size, or a CN23 and a commercial invoice on A4.'),
});
export type CustomsResponse = Static<typeof CustomsResponse>;
export const LabelResponse = Type.Object({
  format: Type.Literal('pdf'),
  base64String: PdfBase64(),
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
  status: Type.String(),
  occurredOn: DateTime,
});
export type TrackingStatus = Static<typeof TrackingStatus>;

export const TrackingResponse = Type.Object({
  shipmentNumber: Type.String(),
  lastStatus: TrackingStatus,
  trackingHistory: Type.Array(TrackingStatus),
});
export type TrackingResponse = Static<typeof TrackingResponse>;

export const PublicTrackingParams = Type.Object({
  reference: Type.String({
    maxLength: 64,
    description: 'The shipmentId, the shipment number or a tracking number.',
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
    apiKey: Type.Optional(
      Type.Object({ apiKey: Type.String({ maxLength: 200 }) }, { additionalProperties: false }),
    ),
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
  description: 'Extension: per currency, the highest total value a CN22 declares; above it, or for a currency not listed, a CN23.',
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
