/**
 * Webhooks: local tools told of changes as they happen. The store's outbox is filled in
 * the transaction of each change (storage.ts, WebhookStore); this service subscribes,
 * and delivers what is due: at least once, retried with backoff for a day, each POST
 * signed with HMAC-SHA256 over `timestamp.body` and carrying an event id for de-duplication.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { FieldErrors, conflict, notFound } from './errors';
import {
  STATUSES,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  type CreateWebhookRequest,
  type ShipmentStatus,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookOrderEvent,
  type WebhookShipmentEvent,
  type WebhookTestEvent,
} from './schemas';
import type { OutboxRecord, WebhookRecord, WebhookStore } from './storage';
import type { SecretBox } from './secret-box';
import { checkWebhookUrl, deliveryTarget, linkLocalNameProblem, type Resolve } from './webhook-url';

/** The event a shipment's new status stands for; any other status is `tracking.updated`. */
const EVENT_OF_STATUS: Partial<Record<ShipmentStatus, WebhookEvent>> = {
  'Not Printed': 'shipment.created',
  Printed: 'shipment.printed',
  Cancelled: 'shipment.cancelled',
};
export const eventOfStatus = (status: ShipmentStatus): WebhookEvent => EVENT_OF_STATUS[status] ?? 'tracking.updated';
const statusesFor = (events: readonly string[]): ShipmentStatus[] =>
  STATUSES.filter((s) => events.includes(eventOfStatus(s)));

const TEST_EVENT = WEBHOOK_TEST_EVENT;
const DELIVERY_TIMEOUT_MS = 10_000;
/** A claim's lease outlasts one batch of deliveries, each at most the timeout. */
const LEASE_MS = 60_000;
const BATCH = 20;
const GIVE_UP_AFTER_MS = 24 * 3_600_000;
/** What the deliveries list shows: the outbox keeps at least this many rows per subscription. */
export const DELIVERIES_SHOWN = 50;
/** Failed deliveries stay this long for an operator to diagnose, even beyond the list. */
export const FAILED_KEPT_MS = 7 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 10 * 60_000;
/** Rows deleted per statement: each batch holds its lock briefly. */
const PRUNE_BATCH = 500;
/** 1 s, 2 s, 4 s … at most 5 minutes between attempts. */
export const backoffMs = (attempts: number): number => Math.min(1000 * 2 ** Math.max(0, attempts - 1), 300_000);

/** `v1=` + hex HMAC-SHA256 of `${timestamp}.${body}` under the subscription's secret. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** A lookup that answers the addresses already checked, so the connection goes to one of them and nowhere else. */
const lookupOf =
  (addresses: LookupAddress[]): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };

/**
 * POSTs `body` to `url` on a connection of its own to one of `addresses`: the listener's
 * status. Redirects are not followed; the body of the answer is not read.
 */
function post(url: URL, addresses: LookupAddress[], headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        lookup: lookupOf(addresses),
        // No pooled connection: one kept alive would still go to the address an earlier delivery checked.
        agent: false,
      },
      (response) => {
        clearTimeout(timer);
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    // The whole delivery, not only a quiet socket: a claim's lease outlasts a batch of them.
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)),
      DELIVERY_TIMEOUT_MS,
    );
    request.on('error', (cause) => {
      clearTimeout(timer);
      reject(cause);
    });
    request.end(body);
  });
}

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/** The id a listener de-duplicates by: one per change, the same on every retry and for every subscription. */
const eventIdOf = (o: OutboxRecord) => (o.trackingEventId !== null ? `evt_t${o.trackingEventId}` : `evt_o${o.id}`);
const typeOf = (o: OutboxRecord) => (o.event ? eventOfStatus(o.event.status) : (o.type ?? TEST_EVENT));

/** A delivery's body, typed by the schemas the OpenAPI document's webhooks section shows. */
function bodyOf(o: OutboxRecord): string {
  const e = o.event;
  const envelope = { id: eventIdOf(o), createdOn: iso(o.createdOn) };
  const body: WebhookShipmentEvent | WebhookOrderEvent | WebhookTestEvent = e
    ? {
        ...envelope,
        type: eventOfStatus(e.status),
        data: {
          shipmentId: e.shipmentUuid,
          shipmentNumber: e.shipmentNumber,
          status: e.status,
          description: e.description,
          location: e.location,
          trackingNumber: e.trackingNumber,
          user: e.user,
          occurredOn: iso(e.occurredOn),
        },
      }
    : ({ ...envelope, type: typeOf(o), data: JSON.parse(o.payload ?? '{}') } as WebhookOrderEvent | WebhookTestEvent);
  return JSON.stringify(body);
}

const toWebhook = (w: WebhookRecord): Webhook => ({
  id: w.id,
  url: w.url,
  events: w.events as WebhookEvent[],
  allowRemoteHost: w.allowRemote,
  createdOn: iso(w.createdOn),
  createdBy: w.createdBy,
});

const toDelivery = (o: OutboxRecord): WebhookDelivery => ({
  id: o.id,
  eventId: eventIdOf(o),
  type: typeOf(o),
  state: o.deliveredOn !== null ? 'delivered' : o.failedOn !== null ? 'failed' : 'pending',
  attempts: o.attempts,
  createdOn: iso(o.createdOn),
  lastAttemptOn: isoOrNull(o.lastAttemptOn),
  nextAttemptOn: o.deliveredOn === null && o.failedOn === null ? iso(Math.max(o.nextAttemptOn, o.createdOn)) : null,
  responseStatus: o.lastStatus,
  error: o.lastError,
});

export interface WebhookOptions {
  now: () => number;
  version: string;
  /** Seals secrets before they are stored, opens them to sign. */
  secrets: SecretBox;
  /** Resolves a listener's host name (tests hand in their own); the system's resolver otherwise. */
  resolve?: Resolve;
}

export class WebhookService {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | undefined;
  private prunedOn = -Infinity;

  constructor(
    private readonly repo: WebhookStore,
    private readonly options: WebhookOptions,
  ) {}

  /** The URL's rules for a body the schema refused in part, so one 400 names every wrong field (docs/contract.md §11). */
  ruleErrors(body: unknown): Record<string, string> {
    const { url, allowRemoteHost } = body as { url?: unknown; allowRemoteHost?: unknown };
    if (typeof url !== 'string') return {};
    const verdict = checkWebhookUrl(url, allowRemoteHost === true);
    return verdict.ok ? {} : { url: verdict.reason };
  }

  async create(request: CreateWebhookRequest, createdBy: string): Promise<{ webhook: Webhook; secret: string }> {
    const errors = new FieldErrors();
    const verdict = checkWebhookUrl(request.url, request.allowRemoteHost === true);
    if (!verdict.ok) errors.add('url', verdict.reason);
    // A name that resolves to a link-local address now is refused as well.
    const linkLocal = verdict.ok
      ? await linkLocalNameProblem(new URL(verdict.url).hostname, this.options.resolve)
      : null;
    if (linkLocal) errors.add('url', linkLocal);
    const events = [...new Set(request.events ?? WEBHOOK_EVENTS)];
    events.forEach((event, i) => {
      if (!(WEBHOOK_EVENTS as readonly string[]).includes(event))
        errors.add(`events[${i}]`, `${event} is not an event; allowed: ${WEBHOOK_EVENTS.join(', ')}`);
    });
    errors.throwIfAny();
    // A second subscription of one URL would deliver every event to it twice.
    const same = (await this.repo.all()).find((w) => w.url === (verdict.ok ? verdict.url : request.url));
    if (same) {
      throw conflict(
        `${same.url} is subscribed already, as webhook ${same.id}: delete that one first to subscribe it with other events.`,
      );
    }
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    const record = {
      url: verdict.ok ? verdict.url : request.url,
      secret,
      events,
      statuses: statusesFor(events),
      allowRemote: request.allowRemoteHost === true,
      createdOn: this.options.now(),
      createdBy,
    };
    const id = await this.repo.insert({ ...record, secret: this.options.secrets.seal(secret) });
    return { webhook: toWebhook({ id, ...record }), secret };
  }

  async list(): Promise<{ items: Webhook[] }> {
    return { items: (await this.repo.all()).map(toWebhook) };
  }

  async remove(webhookId: number): Promise<{ success: boolean }> {
    if (!(await this.repo.remove(webhookId))) throw notFound(`Webhook ${webhookId}`);
    return { success: true };
  }

  async deliveries(webhookId: number): Promise<{ items: WebhookDelivery[] }> {
    const id = await this.existing(webhookId);
    return { items: (await this.repo.deliveries(id, DELIVERIES_SHOWN)).map(toDelivery) };
  }

  /** Enqueues a test event and delivers what is due at once: the answer says how that went. */
  async test(webhookId: number): Promise<WebhookDelivery> {
    const id = await this.existing(webhookId);
    const now = this.options.now();
    const outboxId = await this.repo.enqueue(
      id,
      TEST_EVENT,
      JSON.stringify({ message: 'A test event from the Shipping Station.' }),
      now,
    );
    await this.deliverDue();
    return toDelivery((await this.repo.delivery(outboxId))!);
  }

  /** Delivers every row due now (one pass at a time; a second call waits for the first). */
  deliverDue(): Promise<void> {
    const previous = this.running ?? Promise.resolve();
    const pass = previous.then(() => this.pass());
    this.running = pass.catch(() => undefined);
    return pass;
  }

  /** Delivers due rows every `intervalMs` until stop(). */
  start(intervalMs = 1000): void {
    this.timer ??= setInterval(() => void this.deliverDue().catch(() => undefined), intervalMs);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Seals secrets stored before they were sealed (a database from an earlier version). */
  async sealPlainSecrets(): Promise<void> {
    const box = this.options.secrets;
    for (const w of await this.repo.all())
      if (!box.isSealed(w.secret)) await this.repo.replaceSecret(w.id, w.secret, box.seal(w.secret));
  }

  /** Deletes delivered rows beyond what the list shows and failed ones past their keeping; how many. */
  async prune(): Promise<number> {
    const now = this.options.now();
    this.prunedOn = now;
    let total = 0;
    for (;;) {
      const n = await this.repo.prune(DELIVERIES_SHOWN, now - FAILED_KEPT_MS, PRUNE_BATCH);
      total += n;
      if (n < PRUNE_BATCH) return total;
      // Let other work at the database between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private async pass(): Promise<void> {
    // At the first pass after start, then every PRUNE_EVERY_MS.
    if (this.options.now() - this.prunedOn >= PRUNE_EVERY_MS) await this.prune();
    for (;;) {
      const now = this.options.now();
      const due = await this.repo.claimDue(now, now + LEASE_MS, BATCH);
      if (due.length === 0) return;
      const webhooks = new Map((await this.repo.all()).map((w) => [w.id, w]));
      await Promise.all(due.map((row) => this.deliver(row, webhooks.get(row.webhookId))));
      if (due.length < BATCH) return;
    }
  }

  private async deliver(row: OutboxRecord, webhook: WebhookRecord | undefined): Promise<void> {
    if (!webhook) return; // removed since: its outbox went with it
    const body = bodyOf(row);
    const timestamp = String(Math.floor(this.options.now() / 1000));
    let status: number | null = null;
    let error = '';
    let secret = '';
    try {
      secret = this.options.secrets.open(webhook.secret);
    } catch (cause) {
      // Never sent unsigned: recorded, and retried (a desk holding the key may take it meanwhile).
      error = `cannot sign: ${cause instanceof Error ? cause.message : String(cause)}`;
    }
    if (error === '')
      try {
        const url = new URL(webhook.url);
        // Resolved and checked now, and connected to what was checked: never sent where it may not go.
        const target = await deliveryTarget(url.hostname, webhook.allowRemote, this.options.resolve);
        if ('refused' in target) error = `not sent: ${target.refused}`;
        else {
          status = await post(
            url,
            target.addresses,
            {
              'Content-Type': 'application/json',
              'User-Agent': `ShippingStation/${this.options.version}`,
              'Webhook-Id': eventIdOf(row),
              'Webhook-Timestamp': timestamp,
              'Webhook-Signature': webhookSignature(secret, timestamp, body),
            },
            body,
          );
          if (status < 200 || status > 299) error = `the listener answered ${status}`;
        }
      } catch (cause) {
        error = `could not reach the listener: ${cause instanceof Error ? cause.message : String(cause)}`;
      }
    const now = this.options.now();
    const delivered = error === '';
    const next = now + backoffMs(row.attempts + 1);
    await this.repo.settle(row.id, {
      now,
      status,
      error,
      delivered,
      nextAttemptOn: delivered || next - row.createdOn > GIVE_UP_AFTER_MS ? null : next,
    });
  }

  private async existing(webhookId: number): Promise<number> {
    if (!(await this.repo.all()).some((w) => w.id === webhookId)) throw notFound(`Webhook ${webhookId}`);
    return webhookId;
  }
}
