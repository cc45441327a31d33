/** The order store over SQLite (docs/contract.md §18): every write through the group commit. */
import { orderSearchTerms } from '../../core/order-search';
import type { OrderStatus } from '../../core/schemas';
import type { OrderItemRecord, OrderRecord, OrderShipment, OrderStore } from '../../core/storage';
import type { Db } from './database';
import type { GroupCommit } from './group-commit';
import { ORDER_SQL, itemReader, orderQueries, orderReader, orderWriter } from '../shared/order-queries';

const write = orderWriter('sqlite');
const toOrder = orderReader('sqlite');
const toItem = itemReader('sqlite');

/** Outbox rows for every subscription to `type` (the webhook service delivers them). */
const ENQUEUE = `INSERT INTO webhook_outbox (webhook_id, type, payload, created_on, next_attempt_on)
  SELECT w.id, ?, ?, ?, 0 FROM webhooks w WHERE EXISTS (SELECT 1 FROM json_each(w.events) WHERE value = ?)`;

/** The statements a shipment's writes use on its order, inside their own transaction (shipments.ts). */
export function sqliteOrderLinks(db: Db) {
  const s = {
    order: db.prepare<[number], { status: OrderStatus; shipment_id: number | null }>(
      'SELECT status, shipment_id FROM orders WHERE id = ?',
    ),
    ship: db.prepare<[number, number, number]>(ORDER_SQL.ship),
    shipTerms: db.prepare<[number]>(ORDER_SQL.shipTerms),
    releaseTerms: db.prepare<[number]>(ORDER_SQL.releaseTerms),
    link: db.prepare<[number, number, string]>(ORDER_SQL.link),
    release: db.prepare<[number, number]>(ORDER_SQL.release),
    enqueue: db.prepare<[string, string, number, string]>(ENQUEUE),
  };
  return {
    /** Why the order cannot be shipped now, or null when it is Awaiting. */
    refusal(order: OrderShipment) {
      const row = s.order.get(order.orderId);
      if (row && row.status === 'Awaiting') return null;
      return { status: row?.status ?? ('Cancelled' as const), shipmentId: row?.shipment_id ?? null };
    },
    ship(order: OrderShipment, shipmentId: number, now: number) {
      s.ship.run(shipmentId, now, order.orderId);
      s.shipTerms.run(order.orderId);
      s.link.run(shipmentId, order.orderId, order.ruleName);
      s.enqueue.run('order.shipped', order.webhookPayload, now, 'order.shipped');
    },
    release(shipmentId: number, now: number) {
      s.releaseTerms.run(shipmentId);
      s.release.run(now, shipmentId);
    },
  };
}

export function sqliteOrders(db: Db, commit: GroupCommit): OrderStore {
  const s = {
    insert: db.prepare<unknown[], { id: number }>(ORDER_SQL.insert),
    update: db.prepare<unknown[]>(ORDER_SQL.update),
    insertItem: db.prepare<unknown[]>(ORDER_SQL.insertItem),
    deleteItems: db.prepare<[number]>(ORDER_SQL.deleteItems),
    insertTerm: db.prepare<[string, number, number, string]>(ORDER_SQL.insertTerm),
    deleteTerms: db.prepare<[number]>(ORDER_SQL.deleteTerms),
    byId: db.prepare<[number]>(ORDER_SQL.byId),
    items: db.prepare<[number]>(ORDER_SQL.items),
    request: db.prepare<[number, string], { request_hash: Buffer; answer: string; created_on: number }>(
      ORDER_SQL.request,
    ),
    saveRequest: db.prepare<[number, string, Buffer, string, number]>(ORDER_SQL.saveRequest),
    pruneRequests: db.prepare<[number]>(ORDER_SQL.pruneRequests),
    enqueue: db.prepare<[string, string, number, string]>(ENQUEUE),
  };
  const reads = orderQueries(<R>(sql: string, params: (string | number)[]) => {
    return Promise.resolve(db.prepare(sql).all(...params) as R[]);
  }, 'sqlite');

  const writeTerms = (
    id: number,
    order: OrderRecord | Omit<OrderRecord, 'id' | 'shipmentId'>,
    items: OrderItemRecord[],
  ) => {
    for (const term of orderSearchTerms(
      order,
      items.map((i) => i.sku),
    ))
      s.insertTerm.run(term, order.createdOn, id, order.status);
  };

  return {
    insert(batch, claim, answer) {
      return commit(() => {
        if (claim) {
          const previous = s.request.get(claim.userId, claim.key);
          if (previous && previous.created_on >= claim.freshSince)
            return { replayOf: { requestHash: previous.request_hash, answer: previous.answer } };
        }
        const ids = batch.map(({ order, items, webhookPayload }) => {
          const row = s.insert.get(...write.insert(order));
          if (!row) return null;
          for (const item of items) s.insertItem.run(...write.item(row.id, item));
          writeTerms(row.id, order, items);
          s.enqueue.run('order.created', webhookPayload, order.createdOn, 'order.created');
          return row.id;
        });
        if (claim) {
          const createdOn = batch[0]?.order.createdOn ?? claim.freshSince;
          s.saveRequest.run(claim.userId, claim.key, claim.requestHash, answer(ids), createdOn);
          s.pruneRequests.run(claim.freshSince);
        }
        return { ids };
      });
    },

    change(id, decide) {
      return commit(() => {
        const row = s.byId.get(id);
        if (!row) return undefined;
        const current = toOrder(row);
        const items = s.items.all(id).map(toItem);
        const next = decide(current, items);
        if (!next) return current;
        const { order } = next;
        s.update.run(...write.update(order), id);
        if (next.items) {
          s.deleteItems.run(id);
          for (const item of next.items) s.insertItem.run(...write.item(id, item));
        }
        s.deleteTerms.run(id);
        writeTerms(id, order, next.items ?? items);
        if (next.webhook) s.enqueue.run(next.webhook.type, next.webhook.payload, order.updatedOn, next.webhook.type);
        return order;
      });
    },

    byId: reads.byId,
    byUuid: reads.byUuid,
    knownNumbers: reads.knownNumbers,
    items: reads.items,
    page: reads.page,
    ofShipment: reads.ofShipment,
  };
}
