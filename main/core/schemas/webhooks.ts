/** Webhooks and their deliveries. */
import { Type, type Static } from 'typebox';
import { DateTime } from './common';

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
