/** Webhook subscriptions and their deliveries: rows of the operation table (see ../spec.ts). */
import * as S from '../../core/schemas';
import { jsonBody, operationRows } from './operation';

export const webhookOperations = operationRows({
  listWebhooks: {
    method: 'GET',
    path: '/webhooks',
    tag: 'Webhooks',
    access: 'admin',
    summary: 'The webhook subscriptions (never their secrets)',
    response: S.WebhookList,
  },
  createWebhook: {
    method: 'POST',
    path: '/webhooks',
    tag: 'Webhooks',
    access: 'admin',
    summary: 'Subscribe a URL to events; the signing secret is shown in this response only',
    ...jsonBody(S.CreateWebhookRequest),
    response: S.CreatedWebhook,
    problems: { 409: 'This URL is subscribed already (delete that webhook first to change its events).' },
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/webhooks/{webhookId}',
    tag: 'Webhooks',
    access: 'admin',
    summary: 'Remove a subscription and what it had still to deliver',
    params: S.WebhookIdParams,
    response: S.SuccessResponse,
  },
  testWebhook: {
    method: 'POST',
    path: '/webhooks/{webhookId}/test',
    tag: 'Webhooks',
    access: 'admin',
    summary: 'Send a test event now; the answer says how its delivery went',
    params: S.WebhookIdParams,
    response: S.WebhookDelivery,
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/webhooks/{webhookId}/deliveries',
    tag: 'Webhooks',
    access: 'admin',
    summary: 'The latest 50 deliveries of a subscription: delivered, pending (with the next attempt) or failed',
    params: S.WebhookIdParams,
    response: S.WebhookDeliveryList,
  },
});
