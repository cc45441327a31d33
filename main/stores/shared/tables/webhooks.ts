/** Webhook subscriptions and their outbox (a trigger in each dialect adds a row per tracking event). */
import type { ShipmentStatus } from '../../../core/schemas';
import { bigint, bool, int, table, text, textArray } from '../columns';

export const webhooks = table(
  'webhooks',
  {
    id: bigint('id'),
    url: text('url'),
    /** Sealed with the station key, never plain text. */
    secret: text('secret'),
    events: textArray('events'),
    statuses: textArray<ShipmentStatus[]>('statuses'),
    allowRemote: bool('allow_remote'),
    createdOn: bigint('created_on'),
    createdBy: text('created_by'),
  },
  { identity: true },
);

export const webhookOutbox = table(
  'webhook_outbox',
  {
    id: bigint('id'),
    webhookId: bigint('webhook_id'),
    trackingEventId: bigint.orNull('tracking_event_id'),
    type: text.orNull('type'),
    payload: text.orNull('payload'),
    createdOn: bigint('created_on'),
    attempts: int('attempts'),
    nextAttemptOn: bigint('next_attempt_on'),
    leaseUntil: bigint.orNull('lease_until'),
    lastAttemptOn: bigint.orNull('last_attempt_on'),
    lastStatus: int.orNull('last_status'),
    lastError: text('last_error'),
    deliveredOn: bigint.orNull('delivered_on'),
    failedOn: bigint.orNull('failed_on'),
  },
  { identity: true },
);

/** An outbox row as the contract has it: all but the lease, which only the claim reads. */
export const OUTBOX_FIELDS = [
  'id',
  'webhookId',
  'trackingEventId',
  'type',
  'payload',
  'createdOn',
  'attempts',
  'nextAttemptOn',
  'lastAttemptOn',
  'lastStatus',
  'lastError',
  'deliveredOn',
  'failedOn',
] as const;
