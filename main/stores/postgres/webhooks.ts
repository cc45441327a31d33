/**
 * Webhook subscriptions and their outbox over PostgreSQL (the trigger in 0002 fills the
 * outbox). Several desks deliver from one outbox: a claim takes due rows FOR UPDATE SKIP
 * LOCKED and leases them, so each row has one deliverer at a time.
 */
import type pg from 'pg';
import type { OutboxRecord, WebhookRecord, WebhookStore } from '../../core/storage';
import { insertSql, jsonFields, selectList, values } from '../shared/columns';
import { EVENT_FIELDS, trackingEvents } from '../shared/tables/shipments';
import { OUTBOX_FIELDS, webhookOutbox, webhooks } from '../shared/tables/webhooks';

const OUTBOX_COLUMNS = `${selectList(webhookOutbox, OUTBOX_FIELDS, 'o')},
  CASE WHEN e.id IS NULL THEN NULL ELSE json_build_object(${jsonFields(trackingEvents, EVENT_FIELDS, 'e')},
    'shipmentUuid', s.uuid, 'shipmentNumber', s.shipment_number) END AS event`;
const JOINS = 'LEFT JOIN tracking_events e ON e.id = o.tracking_event_id LEFT JOIN shipments s ON s.id = e.shipment_id';

const WEBHOOK_COLUMNS = selectList(webhooks);
const NEW_WEBHOOK = ['url', 'secret', 'events', 'statuses', 'allowRemote', 'createdOn', 'createdBy'] as const;
const INSERT_WEBHOOK = `${insertSql('postgres', webhooks, NEW_WEBHOOK)} RETURNING id`;
const newWebhook = values('postgres', webhooks, NEW_WEBHOOK);

export function postgresWebhooks(pool: pg.Pool): WebhookStore {
  const outbox = async (where: string, params: unknown[]) =>
    (await pool.query<OutboxRecord>(`SELECT ${OUTBOX_COLUMNS} FROM webhook_outbox o ${JOINS} ${where}`, params)).rows;
  return {
    async insert(w) {
      const { rows } = await pool.query<{ id: number }>(INSERT_WEBHOOK, newWebhook(w));
      return rows[0]!.id;
    },
    async all() {
      return (await pool.query<WebhookRecord>(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks ORDER BY id`)).rows;
    },
    async remove(id) {
      // The outbox rows go with it (ON DELETE CASCADE).
      return ((await pool.query('DELETE FROM webhooks WHERE id = $1', [id])).rowCount ?? 0) > 0;
    },
    async enqueue(webhookId, type, payload, now) {
      const { rows } = await pool.query<{ id: number }>(
        'INSERT INTO webhook_outbox (webhook_id, type, payload, created_on, next_attempt_on) VALUES ($1, $2, $3, $4, 0) RETURNING id',
        [webhookId, type, payload, now],
      );
      return rows[0]!.id;
    },
    async claimDue(now, leaseUntil, limit) {
      const { rows } = await pool.query<{ id: number }>(
        `UPDATE webhook_outbox SET lease_until = $2 WHERE id IN (
           SELECT id FROM webhook_outbox
           WHERE delivered_on IS NULL AND failed_on IS NULL AND next_attempt_on <= $1 AND (lease_until IS NULL OR lease_until < $1)
           ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING id`,
        [now, leaseUntil, limit],
      );
      if (rows.length === 0) return [];
      return outbox('WHERE o.id = ANY($1) ORDER BY o.id', [rows.map((r) => r.id)]);
    },
    async settle(id, a) {
      await pool.query(
        `UPDATE webhook_outbox SET attempts = attempts + 1, last_attempt_on = $2, last_status = $3, last_error = $4,
           delivered_on = CASE WHEN $5 THEN $2::bigint END, failed_on = CASE WHEN NOT $5 AND $6::bigint IS NULL THEN $2::bigint END,
           next_attempt_on = COALESCE($6::bigint, next_attempt_on), lease_until = NULL WHERE id = $1`,
        [id, a.now, a.status, a.error, a.delivered, a.nextAttemptOn],
      );
    },
    async deliveries(webhookId, limit) {
      return outbox('WHERE o.webhook_id = $1 ORDER BY o.id DESC LIMIT $2', [webhookId, limit]);
    },
    async delivery(id) {
      return (await outbox('WHERE o.id = $1', [id]))[0];
    },
    async replaceSecret(id, was, secret) {
      const result = await pool.query('UPDATE webhooks SET secret = $3 WHERE id = $1 AND secret = $2', [
        id,
        was,
        secret,
      ]);
      return (result.rowCount ?? 0) > 0;
    },
    async prune(keepLatest, failedBefore, limit) {
      // SKIP LOCKED: desks pruning at once each take rows the other has not locked.
      const result = await pool.query(
        `DELETE FROM webhook_outbox WHERE id IN (
           SELECT o.id FROM webhook_outbox o WHERE (o.delivered_on IS NOT NULL OR o.failed_on < $2)
             AND o.id < COALESCE((SELECT k.id FROM webhook_outbox k WHERE k.webhook_id = o.webhook_id
                                  ORDER BY k.id DESC LIMIT 1 OFFSET $1), 0)
           ORDER BY o.id LIMIT $3 FOR UPDATE SKIP LOCKED)`,
        [keepLatest - 1, failedBefore, limit],
      );
      return result.rowCount ?? 0;
    },
  };
}
