/**
 * One schema per shape. Each schema validates requests (HTTP and IPC alike), serialises
 * responses, documents the API (OpenAPI) and gives the TypeScript type via `Static`.
 * Field names and shapes follow the seed interface; docs/contract.md fixes limits and formats.
 * Rules that need data (post codes, carrier limits, routes) live in the core, not here.
 *
 * This file: the shapes every domain shares (statuses, units, addresses, problems).
 */
import { Type, type Static, type TSchema } from 'typebox';

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
/** A shipment's status in responses: one of the seed's sixteen strings (docs/contract.md §8). */
export const Status = Type.Enum(STATUSES, { type: 'string' });

export const WEIGHT_UNITS = ['KG', 'G', 'LB', 'OZ'] as const;
export const DIMENSION_UNITS = ['CM', 'MM', 'IN'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export type DimensionUnit = (typeof DIMENSION_UNITS)[number];

/** A shared shape with a description of its own use (the OpenAPI document keeps it beside the `$ref`). */
export const described = <T extends TSchema>(schema: T, description: string): T => ({ ...schema, description });

export const str = (maxLength: number, extra: Record<string, unknown> = {}) => Type.String({ maxLength, ...extra });
/** Date-times in responses: UTC ISO 8601 with milliseconds and Z. */
export const DateTime = Type.String({ format: 'date-time' });
// At most 2 decimals is checked in the core: JSON Schema's multipleOf trips on binary fractions.
export const Money = Type.Number({ minimum: 0, maximum: 1e12 });
/** An id the stores keep as a 32-bit integer: anything larger is refused, never rounded or overflowed. */
export const Id = (extra: Record<string, unknown> = {}) =>
  Type.Integer({ minimum: 1, maximum: 2_147_483_647, ...extra });

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
/** An address with every field empty, in the schema's order: the base an example or a form fills in. */
export const emptyAddress = (): Address => Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])) as Address;

/**
 * A sender's customs numbers (docs/contract.md §17), beside the sender's address: printed on the
 * CN22, CN23 and commercial invoice of an international shipment.
 */
const customsNumberFields = {
  eoriNumber: str(17, {
    description: 'Extension: the sender’s EORI number (country code and up to 15 characters, e.g. GB123456789000).',
  }),
  vatNumber: str(17, { description: 'Extension: the sender’s VAT number with its country code (e.g. GB123456789).' }),
  iossNumber: str(12, {
    description:
      'Extension: the sender’s IOSS number (IM and 10 digits): declared for an EU destination when the goods are worth EUR 150 or less, in EUR.',
  }),
};
export const CUSTOMS_NUMBER_FIELDS = Object.keys(customsNumberFields) as (keyof typeof customsNumberFields)[];

/** A sender address as a create or Settings takes it: an address plus the sender's customs numbers. */
export const SenderAddressInput = Type.Object(
  {
    ...AddressInput.properties,
    eoriNumber: Type.Optional(customsNumberFields.eoriNumber),
    vatNumber: Type.Optional(customsNumberFields.vatNumber),
    iossNumber: Type.Optional(customsNumberFields.iossNumber),
  },
  { additionalProperties: false },
);
export type SenderAddressInput = Static<typeof SenderAddressInput>;

/** The sender address of Settings: its customs numbers '' when none. */
export const SenderAddress = Type.Object({
  ...Address.properties,
  eoriNumber: Type.String(),
  vatNumber: Type.String(),
  iossNumber: Type.String(),
});
export type SenderAddress = Static<typeof SenderAddress>;

export const Health = Type.Object({ status: Type.String(), version: Type.String() });
/** GET /health/ready: the store answers (docs/contract.md §22); a 503 problem names it when it does not. */
export const Readiness = Type.Object({
  status: Type.Literal('ready'),
  store: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
});
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

/** A 400: the problem plus one member per wrong field, named by its path in the request. */
export const ValidationProblem = Type.Object(
  {
    type: Type.Literal('/problems/validation'),
    title: Type.String(),
    status: Type.Unsafe<400>({ type: 'integer', const: 400 }),
    detail: Type.String(),
    instance: Type.String(),
  },
  {
    additionalProperties: Type.String(),
    description:
      'One extra member per wrong field: its path in the request (`deliveryAddress.postZipCode`, `shipmentPieces[1].weight`, a query parameter’s name) and a sentence saying what is expected.',
  },
);

/** A 500: the problem plus the trace id that names its entry in the station's log. */
export const InternalProblem = Type.Object(
  {
    type: Type.Literal('/problems/internal'),
    title: Type.String(),
    status: Type.Unsafe<500>({ type: 'integer', const: 500 }),
    detail: Type.String(),
    instance: Type.String(),
    traceId: Type.String({
      description: 'Names the entry in the station’s log: quote it when you report the failure.',
    }),
  },
  { additionalProperties: Type.String() },
);
