/** Webhooks and their deliveries. */
import { Type, type Static, type TSchema } from 'typebox';
import { DateTime, Status } from './common';

/**
 * What a webhook can be told. A new kind of event is a line here (and, for a shipment
 * status, a line in core/webhooks.ts's EVENT_OF_STATUS).
 */
export const WEBHOOK_EVENTS = [
  'shipment.created',
  'shipment.printed',
  'shipment.cancelled',
  'tracking.updated',
  'order.created',
  'order.shipped',
  'order.cancelled',
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

/** What a shipment's event tells: the tracking event that made it. */
export const WebhookShipmentData = Type.Object({
  shipmentId: Type.String({ format: 'uuid' }),
  shipmentNumber: Type.String(),
  status: Status,
  description: Type.String(),
  location: Type.String(),
  trackingNumber: Type.String({ description: 'The piece scanned, or empty for the whole shipment.' }),
  user: Type.String({ description: 'Who made the change, or `system`.' }),
  occurredOn: { ...DateTime, description: 'When it happened (events may arrive out of order).' },
});

const eventEnvelope = <T extends TSchema, D extends TSchema>(type: T, data: D, description: string) =>
  Type.Object(
    {
      id: Type.String({
        description: 'The event’s id, also in Webhook-Id: the same on every retry; skip one you handled.',
      }),
      type,
      createdOn: DateTime,
      data,
    },
    { description },
  );

/** The body of a delivery for a shipment's change. */
export const WebhookShipmentEvent = eventEnvelope(
  WebhookEventType,
  WebhookShipmentData,
  'A shipment was created, printed or cancelled, or its tracking changed.',
);
export type WebhookShipmentEvent = Static<typeof WebhookShipmentEvent>;

/** What an order's event tells (docs/contract.md §18): the order, and the shipment it went out as. */
export const WebhookOrderData = Type.Object({
  orderId: Type.String({ format: 'uuid' }),
  orderNumber: Type.String(),
  status: Type.String({ description: 'The order’s status after the change: Awaiting, Shipped or Cancelled.' }),
  channel: Type.Optional(Type.String({ description: 'order.created: the channel the order came from.' })),
  shipmentId: Type.Optional(Type.String({ format: 'uuid', description: 'order.shipped: the shipment made.' })),
  shipmentNumber: Type.Optional(Type.String({ description: 'order.shipped: the shipment made.' })),
});

/** The body of a delivery for an order's change. */
export const WebhookOrderEvent = eventEnvelope(
  Type.Enum(['order.created', 'order.shipped', 'order.cancelled'] as const, { type: 'string' }),
  WebhookOrderData,
  'An order came in, was shipped or was cancelled.',
);
export type WebhookOrderEvent = Static<typeof WebhookOrderEvent>;

export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** The body of POST /webhooks/{webhookId}/test's delivery. */
export const WebhookTestEvent = eventEnvelope(
  Type.Literal(WEBHOOK_TEST_EVENT),
  Type.Object({ message: Type.String() }),
  'A test delivery asked for in Settings or with POST /webhooks/{webhookId}/test.',
);
export type WebhookTestEvent = Static<typeof WebhookTestEvent>;
