/** Orders waiting to be shipped (docs/contract.md §18) and the shipping rules that choose their service (§20). */
import { Type, type Static } from 'typebox';
import { Address, AddressInput, DIMENSION_UNITS, DateTime, Id, WEIGHT_UNITS, str } from './common';
import { CONTENTS_TYPES, CreateShipmentResponse, PieceInput } from './shipments';

export const ORDER_STATUSES = ['Awaiting', 'On Hold', 'Shipped', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const OrderStatusSchema = Type.Enum(ORDER_STATUSES, { type: 'string' });

export const OrderItemInput = Type.Object(
  {
    sku: Type.Optional(str(50)),
    description: Type.String({ minLength: 1, maxLength: 50 }),
    quantity: Type.Integer({ minimum: 1, maximum: 100000 }),
    unitValue: Type.Optional(
      Type.Number({ minimum: 0, maximum: 1e12, description: 'Per unit, in the order’s currency; default 0.' }),
    ),
    unitWeight: Type.Number({ exclusiveMinimum: 0, maximum: 100000, description: 'Per unit.' }),
    weightUnit: Type.Optional(Type.Enum(WEIGHT_UNITS)),
    hsCode: Type.Optional(Type.String({ maxLength: 12, description: '6 to 10 digits.' })),
    originCountry: Type.Optional(Type.String({ maxLength: 2, description: 'ISO 3166 alpha-2.' })),
  },
  { additionalProperties: false },
);

const dimension = () => Type.Number({ exclusiveMinimum: 0, maximum: 100000 });
export const OrderPackageInput = Type.Object(
  {
    presetId: Type.Optional(Id()),
    length: Type.Optional(dimension()),
    width: Type.Optional(dimension()),
    height: Type.Optional(dimension()),
    dimensionUnit: Type.Optional(Type.Enum(DIMENSION_UNITS)),
  },
  { additionalProperties: false, description: 'A package preset, or length, width and height.' },
);

const orderFields = {
  orderNumber: Type.String({ minLength: 1, maxLength: 50, description: 'Unique per station, ignoring case.' }),
  channel: Type.Optional(str(50)),
  orderDate: Type.Optional(Type.String({ maxLength: 40 })),
  deliveryAddress: AddressInput,
  collectionAddress: Type.Optional(AddressInput),
  items: Type.Array(OrderItemInput, { minItems: 1, maxItems: 100 }),
  currency: Type.Optional(Type.String({ maxLength: 3 })),
  referenceOne: Type.Optional(str(35)),
  referenceTwo: Type.Optional(str(35)),
  referenceThree: Type.Optional(str(35)),
  deliveryInstructions: Type.Optional(str(120)),
  tags: Type.Optional(Type.Array(str(30), { maxItems: 10 })),
  notes: Type.Optional(str(500)),
  requestedService: Type.Optional(str(50, { description: 'The sending tool’s own words, e.g. NEXT DAY.' })),
  package: Type.Optional(OrderPackageInput),
};

/** One order as a tool sends it. */
export const OrderInput = Type.Object(orderFields, { additionalProperties: false });
export type OrderInput = Static<typeof OrderInput>;

/**
 * POST /orders: one order, or `orders` (a batch). A batch's orders are each checked on
 * their own (OrderInput), so that good orders go in while each refused one is named.
 */
export const CreateOrdersRequest = Type.Object(
  {
    ...Object.fromEntries(Object.entries(orderFields).map(([k, v]) => [k, Type.Optional(v)])),
    orders: Type.Optional(
      Type.Array(Type.Unknown(), {
        minItems: 1,
        maxItems: 1000,
        description: 'A batch of up to 1,000 orders, each an order as a single one is sent.',
      }),
    ),
  } as { [K in keyof typeof orderFields]: ReturnType<typeof Type.Optional<(typeof orderFields)[K]>> } & {
    orders: ReturnType<typeof Type.Optional<ReturnType<typeof Type.Array<ReturnType<typeof Type.Unknown>>>>>;
  },
  { additionalProperties: false, description: 'One order, or {"orders": [...]} for a batch.' },
);
export type CreateOrdersRequest = Static<typeof CreateOrdersRequest>;

export const UpdateOrderRequest = Type.Object(
  {
    ...Object.fromEntries(
      Object.entries(orderFields)
        .filter(([k]) => k !== 'orderNumber')
        .map(([k, v]) => [k, Type.Optional(v)]),
    ),
    hold: Type.Optional(
      Type.Boolean({ description: 'true: On Hold (it is not shipped until released); false: Awaiting again.' }),
    ),
  } as {
    [K in Exclude<keyof typeof orderFields, 'orderNumber'>]: ReturnType<typeof Type.Optional<(typeof orderFields)[K]>>;
  } & {
    hold: ReturnType<typeof Type.Optional<ReturnType<typeof Type.Boolean>>>;
  },
  { additionalProperties: false },
);
export type UpdateOrderRequest = Static<typeof UpdateOrderRequest>;

export const CreatedOrder = Type.Object({
  orderId: Type.String({ format: 'uuid' }),
  orderNumber: Type.String(),
  status: OrderStatusSchema,
});
export const OrderBatchResult = Type.Object({
  created: Type.Array(Type.Object({ index: Type.Integer(), orderId: Type.String(), orderNumber: Type.String() })),
  refused: Type.Array(
    Type.Object({
      index: Type.Integer(),
      orderNumber: Type.String(),
      problem: Type.Record(Type.String(), Type.String(), {
        description: 'One member per wrong field of that order, named by its path in it.',
      }),
    }),
  ),
});
export type OrderBatchResult = Static<typeof OrderBatchResult>;
export const CreateOrdersResponse = Type.Union([CreatedOrder, OrderBatchResult], {
  description: 'One order: its id, number and status. A batch: which went in and which were refused.',
});
export type CreateOrdersResponse = Static<typeof CreateOrdersResponse>;

export const ListOrdersQuery = Type.Object(
  {
    Status: Type.Optional(
      Type.Union([Type.String({ maxLength: 200 }), Type.Array(Type.String({ maxLength: 200 }), { maxItems: 8 })]),
    ),
    Search: Type.Optional(
      Type.String({
        maxLength: 100,
        description:
          'An order number or SKU (prefix), a reference (prefix), words of the delivery name, the post code or email. At least 2 characters.',
      }),
    ),
    Page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
    ItemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  },
  { additionalProperties: false },
);
export type ListOrdersQuery = Static<typeof ListOrdersQuery>;

export const OrderListItem = Type.Object({
  orderId: Type.String({ format: 'uuid' }),
  orderNumber: Type.String(),
  status: OrderStatusSchema,
  createdOn: DateTime,
  channel: Type.String(),
  deliveryName: Type.String(),
  postZipCode: Type.String(),
  countryTwoCharacterISOCode: Type.String(),
  itemCount: Type.Integer(),
  weight: Type.Number({ description: 'The items’ total, in kg.' }),
  shipmentId: Type.Union([Type.String(), Type.Null()]),
  shipmentNumber: Type.Union([Type.String(), Type.Null()]),
});
export const OrderList = Type.Object({ totalItems: Type.Integer(), items: Type.Array(OrderListItem) });
export type OrderList = Static<typeof OrderList>;

export const OrderItem = Type.Object({
  sku: Type.String(),
  description: Type.String(),
  quantity: Type.Integer(),
  unitValue: Type.Number(),
  unitWeight: Type.Number(),
  weightUnit: Type.String(),
  hsCode: Type.String(),
  originCountry: Type.String(),
});

export const OrderDetail = Type.Object({
  orderId: Type.String({ format: 'uuid' }),
  orderNumber: Type.String(),
  status: OrderStatusSchema,
  channel: Type.String(),
  orderDate: Type.Union([DateTime, Type.Null()]),
  createdOn: DateTime,
  updatedOn: DateTime,
  deliveryAddress: Address,
  collectionAddress: Type.Union([Address, Type.Null()], { description: 'Null: the station’s sender address.' }),
  items: Type.Array(OrderItem),
  currency: Type.String(),
  referenceOne: Type.String(),
  referenceTwo: Type.String(),
  referenceThree: Type.String(),
  deliveryInstructions: Type.String(),
  tags: Type.Array(Type.String()),
  notes: Type.String(),
  requestedService: Type.String(),
  package: Type.Union([Type.Record(Type.String(), Type.Union([Type.Number(), Type.String()])), Type.Null()]),
  totalWeightKg: Type.Number(),
  totalValue: Type.Number(),
  shipmentId: Type.Union([Type.String(), Type.Null()]),
  shipmentNumber: Type.Union([Type.String(), Type.Null()]),
});
export type OrderDetail = Static<typeof OrderDetail>;

export const OrderIdParams = Type.Object({
  orderId: Type.String({ maxLength: 64, description: 'The orderId (UUID).' }),
});

export const ShipOrderRequest = Type.Object(
  {
    carrierId: Type.Optional(Id()),
    carrierServiceId: Type.Optional(Id()),
    presetId: Type.Optional(Id()),
    shipmentPieces: Type.Optional(Type.Array(PieceInput, { minItems: 1, maxItems: 50 })),
    carrierFeatures: Type.Optional(Type.Array(Id(), { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type ShipOrderRequest = Static<typeof ShipOrderRequest>;
export const ShipOrderResponse = Type.Object({
  ...CreateShipmentResponse.properties,
  orderId: Type.String({ format: 'uuid' }),
  ruleName: Type.String({ description: 'The shipping rule that chose the service; empty when none did.' }),
});
export type ShipOrderResponse = Static<typeof ShipOrderResponse>;

export const PackingSlipQuery = Type.Object(
  {
    pageSize: Type.Optional(
      Type.Enum(['A4', '4x6', 'A6'] as const, {
        description:
          'Default: the desk’s packing-slip size (Settings → This desk): A4, or its label printer’s page size.',
      }),
    ),
  },
  { additionalProperties: false },
);
export const PackingSlipResponse = Type.Object({
  format: Type.Literal('pdf'),
  base64String: Type.String({ format: 'byte', contentMediaType: 'application/pdf' }),
});
export type PackingSlipResponse = Static<typeof PackingSlipResponse>;

// ------------------------------------------------------------ shipping rules (§20)

export const RULE_ZONES = ['domestic', 'eu', 'world'] as const;
export const RuleWhen = Type.Object(
  {
    countries: Type.Optional(Type.Array(Type.String({ maxLength: 2 }), { maxItems: 250 })),
    zones: Type.Optional(Type.Array(Type.Enum(RULE_ZONES), { maxItems: 3 })),
    minWeight: Type.Optional(Type.Number({ minimum: 0, maximum: 100000, description: 'kg' })),
    maxWeight: Type.Optional(Type.Number({ minimum: 0, maximum: 100000, description: 'kg' })),
    minValue: Type.Optional(Type.Number({ minimum: 0, maximum: 1e12 })),
    maxValue: Type.Optional(Type.Number({ minimum: 0, maximum: 1e12 })),
    channels: Type.Optional(Type.Array(str(50), { maxItems: 50 })),
    tags: Type.Optional(Type.Array(str(30), { maxItems: 50 })),
    referencePrefix: Type.Optional(str(35)),
  },
  { additionalProperties: false },
);
export type RuleWhen = Static<typeof RuleWhen>;
export const RuleThen = Type.Object(
  {
    carrierId: Id(),
    carrierServiceId: Id(),
    presetId: Type.Optional(Id()),
    carrierFeatures: Type.Optional(Type.Array(Id(), { maxItems: 50 })),
    contentsType: Type.Optional(Type.Enum(CONTENTS_TYPES)),
  },
  { additionalProperties: false },
);
export type RuleThen = Static<typeof RuleThen>;
export const ShippingRuleInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 60 }),
    enabled: Type.Optional(Type.Boolean()),
    when: Type.Optional(RuleWhen),
    then: RuleThen,
  },
  { additionalProperties: false },
);
export type ShippingRuleInput = Static<typeof ShippingRuleInput>;
export const PutRulesRequest = Type.Object(
  { rules: Type.Array(ShippingRuleInput, { maxItems: 200 }) },
  { additionalProperties: false },
);
export type PutRulesRequest = Static<typeof PutRulesRequest>;
export const ShippingRule = Type.Object({
  name: Type.String(),
  enabled: Type.Boolean(),
  when: RuleWhen,
  then: RuleThen,
  problem: Type.Optional(
    Type.String({
      description: 'Why this rule is broken (its service or preset is gone); a broken rule never matches.',
    }),
  ),
});
export type ShippingRule = Static<typeof ShippingRule>;
export const RuleList = Type.Object({ rules: Type.Array(ShippingRule) });
export type RuleList = Static<typeof RuleList>;
export const RuleMatchQuery = Type.Object({ orderId: Type.String({ maxLength: 64 }) }, { additionalProperties: false });
export const RuleMatch = Type.Object({
  rule: Type.Union([Type.Object({ name: Type.String(), index: Type.Integer() }), Type.Null()]),
  then: Type.Union([RuleThen, Type.Null()]),
});
export type RuleMatch = Static<typeof RuleMatch>;
