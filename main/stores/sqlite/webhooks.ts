/** Webhook subscriptions and their outbox over SQLite (the trigger in 0005 fills the outbox). */
import type { OutboxRecord, WebhookStore } from '../../core/storage';
import { insertSql, reader, selectList, sqliteSelectList, values } from '../shared/columns';
import { EVENT_FIELDS, trackingEvents } from '../shared/tables/shipments';
import { OUTBOX_FIELDS, webhookOutbox, webhooks } from '../shared/tables/webhooks';
import type { Db } from './database';

const NEW_WEBHOOK = ['url', 'secret', 'events', 'statuses', 'allowRemote', 'createdOn', 'createdBy'] as const;

/** The outbox row, its tracking event (`e.` before each field) and the event's shipment. */
const JOINED = `SELECT ${selectList(webhookOutbox, OUTBOX_FIELDS, 'o')}, e.id AS "e.id",
  ${sqliteSelectList(trackingEvents, EVENT_FIELDS, 'e', 'e.')}, s.uuid AS "e.shipmentUuid", s.shipment_number AS "e.shipmentNumber"
  FROM webhook_outbox o LEFT JOIN tracking_events e ON e.id = o.tracking_event_id LEFT JOIN shipments s ON s.id = e.shipment_id`;

const toEvent = reader('sqlite', trackingEvents, EVENT_FIELDS);

function toOutbox(row: unknown): OutboxRecord {
  const r = row as Record<string, unknown>;
  const outbox: Record<string, unknown> = {};
  for (const field of OUTBOX_FIELDS) outbox[field] = r[field];
  let event: Record<string, unknown> | null = null;
  if (r['e.id'] !== null) {
    const fields: Record<string, unknown> = {};
    for (const field of EVENT_FIELDS) fields[field] = r[`e.${field}`];
    event = { ...toEvent(fields), shipmentUuid: r['e.shipmentUuid'], shipmentNumber: r['e.shipmentNumber'] };
  }
  return { ...outbox, event } as unknown as OutboxRecord;
}

export function sqliteWebhooks(db: Db): WebhookStore {
  const insert = db.prepare(insertSql('sqlite', webhooks, NEW_WEBHOOK));
  const newWebhook = values('sqlite', webhooks, NEW_WEBHOOK);
  const all = db.prepare(`SELECT ${selectList(webhooks)} FROM webhooks ORDER BY id`);
  const toWebhook = reader('sqlite', webhooks);
  const removeOutbox = db.prepare<[number]>('DELETE FROM webhook_outbox WHERE webhook_id = ?');
  const remove = db.prepare<[number]>('DELETE FROM webhooks WHERE id = ?');
  const enqueue = db.prepare<[number, string, string, number]>(
    'INSERT INTO webhook_outbox (webhook_id, type, payload, created_on, next_attempt_on) VALUES (?, ?, ?, ?, 0)',
  );
  const due = db.prepare<[number, number, number], { id: number }>(
    `SELECT id FROM webhook_outbox WHERE delivered_on IS NULL AND failed_on IS NULL AND next_attempt_on <= ?
       AND (lease_until IS NULL OR lease_until < ?) ORDER BY id LIMIT ?`,
  );
  const lease = db.prepare<[number, number]>('UPDATE webhook_outbox SET lease_until = ? WHERE id = ?');
  const joinedById = db.prepare<[number]>(`${JOINED} WHERE o.id = ?`);
  const settle = db.prepare(
    `UPDATE webhook_outbox SET attempts = attempts + 1, last_attempt_on = @now, last_status = @status, last_error = @error,
       delivered_on = CASE WHEN @delivered THEN @now END, failed_on = CASE WHEN NOT @delivered AND @next IS NULL THEN @now END,
       next_attempt_on = COALESCE(@next, next_attempt_on), lease_until = NULL WHERE id = @id`,
  );
  const latest = db.prepare<[number, number]>(`${JOINED} WHERE o.webhook_id = ? ORDER BY o.id DESC LIMIT ?`);
  // Each batch is one short statement; the keep-th newest id comes from the (webhook_id, id) index.
  const prune = db.prepare<[number, number, number]>(
    `DELETE FROM webhook_outbox WHERE id IN (
       SELECT o.id FROM webhook_outbox o WHERE (o.delivered_on IS NOT NULL OR o.failed_on < ?)
         AND o.id < COALESCE((SELECT k.id FROM webhook_outbox k WHERE k.webhook_id = o.webhook_id
                              ORDER BY k.id DESC LIMIT 1 OFFSET ?), 0)
       ORDER BY o.id LIMIT ?)`,
  );
  const replaceSecret = db.prepare<[string, number, string]>(
    'UPDATE webhooks SET secret = ? WHERE id = ? AND secret = ?',
  );
  // One process opens a SQLite file, so a transaction makes the claim exclusive.
  const claim = db.transaction((now: number, leaseUntil: number, limit: number) =>
    due.all(now, now, limit).map(({ id }) => {
      lease.run(leaseUntil, id);
      return toOutbox(joinedById.get(id)!);
    }),
  );
  const removeAll = db.transaction((id: number) => {
    removeOutbox.run(id);
    return remove.run(id).changes > 0;
  });
  return {
    insert: async (w) => Number(insert.run(...newWebhook(w)).lastInsertRowid),
    all: async () => all.all().map(toWebhook),
    remove: async (id) => removeAll(id),
    enqueue: async (webhookId, type, payload, now) =>
      Number(enqueue.run(webhookId, type, payload, now).lastInsertRowid),
    claimDue: async (now, leaseUntil, limit) => claim(now, leaseUntil, limit),
    settle: async (id, a) => {
      settle.run({
        id,
        now: a.now,
        status: a.status,
        error: a.error,
        delivered: a.delivered ? 1 : 0,
        next: a.nextAttemptOn,
      });
    },
    deliveries: async (webhookId, limit) => latest.all(webhookId, limit).map(toOutbox),
    delivery: async (id) => {
      const row = joinedById.get(id);
      return row === undefined ? undefined : toOutbox(row);
    },
    replaceSecret: async (id, was, secret) => replaceSecret.run(secret, id, was).changes > 0,
    prune: async (keepLatest, failedBefore, limit) => prune.run(failedBefore, keepLatest - 1, limit).changes,
  };
}
