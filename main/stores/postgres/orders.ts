/**
 * The order store over PostgreSQL (docs/contract.md §18). Each write is one transaction; a change
 * locks its order's row, so two desks changing one order take turns.
 */
import type pg from 'pg';
import { orderSearchTerms } from '../../core/order-search';
import type { OrderStatus } from '../../core/schemas';
import type { OrderInsert, OrderItemRecord, OrderRecord, OrderShipment, OrderStore } from '../../core/storage';
import { columnNames, unnestColumns } from '../shared/columns';
import {
  ITEM_FIELDS,
  NEW_ORDER_FIELDS,
  ORDER_SQL,
  itemReader,
  orderNumberKey,
  orderQueries,
  orderReader,
  orderWriter,
  withKey,
} from '../shared/order-queries';
import { numberedPlaceholders } from '../shared/sql';
import { orderItems, orders } from '../shared/tables/orders';
import { inTransaction, readSnapshot, type Tx } from './pool';

const SQL = Object.fromEntries(
  Object.entries(ORDER_SQL).map(([k, v]) => [k, numberedPlaceholders(v)]),
) as typeof ORDER_SQL;
const write = orderWriter('postgres');
const toOrder = orderReader('postgres');
const toItem = itemReader('postgres');

/** Outbox rows for every subscription to the type (the webhook service delivers them). */
const ENQUEUE = `INSERT INTO webhook_outbox (webhook_id, type, payload, created_on, next_attempt_on)
  SELECT id, $1, $2, $3, 0 FROM webhooks WHERE $1 = ANY(events)`;

/**
 * The order marked Shipped, its link and its `order.shipped` messages in one statement: a ship
 * holds its order's lock for one round trip fewer than three (parameters: the shipment's id,
 * now, the order's id, the rule's name, the message).
 */
const SHIP = `WITH shipped AS (
    UPDATE orders SET status = 'Shipped', shipment_id = $1, updated_on = $2 WHERE id = $3
  ), linked AS (
    INSERT INTO order_shipments (shipment_id, order_id, rule_name) VALUES ($1, $3, $4)
  )
  INSERT INTO webhook_outbox (webhook_id, type, payload, created_on, next_attempt_on)
    SELECT id, 'order.shipped', $5, $2, 0 FROM webhooks WHERE 'order.shipped' = ANY(events)`;

/**
 * A batch of new orders in one statement, one array parameter a column: the orders (those
 * whose number is stored already are passed by), then for those written their items, search
 * terms and `order.created` messages. Items, terms and messages name their order by its
 * place in the batch (from 1); `placed` turns a place into the id the order was given.
 */
const ORDERS = unnestColumns(orders, NEW_ORDER_FIELDS, 1);
const ITEMS = unnestColumns(orderItems, ['orderId', ...ITEM_FIELDS], NEW_ORDER_FIELDS.length + 1);
const TERMS = NEW_ORDER_FIELDS.length + ITEM_FIELDS.length + 2;
const MESSAGES = TERMS + 2;
const INSERT_BATCH = `WITH o AS (
    INSERT INTO orders (${columnNames(orders, NEW_ORDER_FIELDS)})
    SELECT * FROM ${ORDERS.sql}
    ON CONFLICT (order_number_key) DO NOTHING RETURNING id, uuid),
  placed AS (
    SELECT o.id, b.place FROM unnest($${NEW_ORDER_FIELDS.indexOf('uuid') + 1}::uuid[]) WITH ORDINALITY AS b(uuid, place)
    JOIN o ON o.uuid = b.uuid),
  i AS (
    INSERT INTO order_items (${columnNames(orderItems, ['orderId', ...ITEM_FIELDS])})
    SELECT placed.id, ${columnNames(orderItems, ITEM_FIELDS, 'u')}
    FROM ${ITEMS.sql} AS u(${columnNames(orderItems, ['orderId', ...ITEM_FIELDS])})
    JOIN placed ON placed.place = u.order_id),
  t AS (
    INSERT INTO order_search_terms (term, order_id)
    SELECT DISTINCT u.term, placed.id FROM unnest($${TERMS}::bigint[], $${TERMS + 1}::text[]) AS u(place, term)
    JOIN placed ON placed.place = u.place),
  m AS (
    INSERT INTO webhook_outbox (webhook_id, type, payload, created_on, next_attempt_on)
    SELECT w.id, 'order.created', u.payload, u.created_on, 0
    FROM unnest($${MESSAGES}::text[], $${MESSAGES + 1}::bigint[]) WITH ORDINALITY AS u(payload, created_on, place)
    JOIN placed ON placed.place = u.place JOIN webhooks w ON 'order.created' = ANY(w.events)
    ORDER BY u.place, w.id)
  SELECT id, place FROM placed`;

/**
 * Writes the orders whose number is not stored yet; each order's id, or null where its
 * number was stored already or came earlier in the batch.
 */
async function insertBatch(tx: Tx, batch: OrderInsert[]): Promise<(number | null)[]> {
  if (batch.length === 0) return [];
  // Of a number twice in the batch the first is written, decided here rather than by the order
  // in which the statement's rows happen to meet the unique index.
  const firsts = new Map<string, number>();
  batch.forEach(({ order }, index) => {
    const key = orderNumberKey(order.orderNumber);
    if (!firsts.has(key)) firsts.set(key, index);
  });
  const written = [...firsts.values()].map((index) => batch[index]!);
  const items = written.flatMap(({ items }, i) => items.map((item) => ({ orderId: i + 1, ...item })));
  const terms = written.flatMap(({ order, items }, i) =>
    orderSearchTerms(
      order,
      items.map((item) => item.sku),
    ).map((term) => [i + 1, term] as const),
  );
  const { rows } = await tx.query<{ id: number; place: number }>(INSERT_BATCH, [
    ...ORDERS.arrays(written.map(({ order }) => withKey(order))),
    ...ITEMS.arrays(items),
    terms.map(([place]) => place),
    terms.map(([, term]) => term),
    written.map((w) => w.webhookPayload),
    written.map((w) => w.order.createdOn),
  ]);
  const ids = new Array<number | null>(batch.length).fill(null);
  const places = [...firsts.values()];
  for (const { id, place } of rows) ids[places[Number(place) - 1]!] = id;
  return ids;
}

/** What a shipment's create does to its order, inside the create's transaction (shipments.ts). */
export const postgresOrderLinks = {
  /** Locks the order; why it cannot be shipped now, or null when it is Awaiting. */
  async refusal(tx: Tx, order: OrderShipment) {
    const { rows } = await tx.query<{ status: OrderStatus; shipment_id: number | null }>(
      'SELECT status, shipment_id FROM orders WHERE id = $1 FOR UPDATE',
      [order.orderId],
    );
    const row = rows[0];
    if (row && row.status === 'Awaiting') return null;
    return { status: row?.status ?? ('Cancelled' as const), shipmentId: row?.shipment_id ?? null };
  },
  async ship(tx: Tx, order: OrderShipment, shipmentId: number, now: number) {
    await tx.query(SHIP, [shipmentId, now, order.orderId, order.ruleName, order.webhookPayload]);
  },
  async release(tx: Tx, shipmentId: number, now: number) {
    await tx.query(SQL.release, [now, shipmentId]);
  },
};

async function writeTerms(tx: Tx, id: number, order: OrderRecord, items: OrderItemRecord[]): Promise<void> {
  await tx.query(
    'INSERT INTO order_search_terms (term, order_id) SELECT DISTINCT u.term, $2::bigint FROM unnest($1::text[]) AS u(term)',
    [
      orderSearchTerms(
        order,
        items.map((i) => i.sku),
      ),
      id,
    ],
  );
}

const ONE_ORDERS_ITEMS = unnestColumns(orderItems, ITEM_FIELDS, 2);

async function writeItems(tx: Tx, id: number, items: OrderItemRecord[]): Promise<void> {
  await tx.query(
    `INSERT INTO order_items (${columnNames(orderItems, ['orderId', ...ITEM_FIELDS])})
     SELECT $1, u.* FROM ${ONE_ORDERS_ITEMS.sql} AS u`,
    [id, ...ONE_ORDERS_ITEMS.arrays(items)],
  );
}

export function postgresOrders(pool: pg.Pool): OrderStore {
  const query =
    (db: pg.Pool | Tx) =>
    async <R>(sql: string, params: (string | number)[]) =>
      (await db.query(numberedPlaceholders(sql), params)).rows as R[];
  const reads = orderQueries(query(pool), 'postgres');

  return {
    insert(batch, claim, answer) {
      return inTransaction(pool, async (tx) => {
        if (claim) {
          // Two requests with one key take turns here; the second finds the first's answer.
          await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`order-request:${claim.userId}:${claim.key}`]);
          const { rows } = await tx.query<{ request_hash: Buffer; answer: string; created_on: number }>(SQL.request, [
            claim.userId,
            claim.key,
          ]);
          const previous = rows[0];
          if (previous && previous.created_on >= claim.freshSince)
            return { replayOf: { requestHash: previous.request_hash, answer: previous.answer } };
        }
        const ids = await insertBatch(tx, batch);
        if (claim) {
          const createdOn = batch[0]?.order.createdOn ?? claim.freshSince;
          await tx.query(SQL.saveRequest, [claim.userId, claim.key, claim.requestHash, answer(ids), createdOn]);
          await tx.query(SQL.pruneRequests, [claim.freshSince]);
        }
        return { ids };
      });
    },

    change(id, decide) {
      return inTransaction(pool, async (tx) => {
        const { rows } = await tx.query(`${SQL.byId} FOR UPDATE`, [id]);
        if (!rows[0]) return undefined;
        const current = toOrder(rows[0]);
        const items = (await tx.query(SQL.items, [id])).rows.map(toItem);
        const next = decide(current, items);
        if (!next) return current;
        const { order } = next;
        await tx.query(SQL.update, [...write.update(order), id]);
        if (next.items) {
          await tx.query(SQL.deleteItems, [id]);
          await writeItems(tx, id, next.items);
        }
        await tx.query(SQL.deleteTerms, [id]);
        await writeTerms(tx, id, order, next.items ?? items);
        if (next.webhook) await tx.query(ENQUEUE, [next.webhook.type, next.webhook.payload, order.updatedOn]);
        return order;
      });
    },

    byId: reads.byId,
    byUuid: reads.byUuid,
    knownNumbers: reads.knownNumbers,
    items: reads.items,
    // Total and rows read in one snapshot: they agree while other desks write.
    page: (filter) => readSnapshot(pool, (tx) => orderQueries(query(tx), 'postgres').page(filter)),
    ofShipment: reads.ofShipment,
  };
}
