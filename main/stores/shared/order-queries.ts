/**
 * The orders' statements and reads both dialects run (docs/contract.md §18), made from the
 * tables' column maps (tables/orders.ts): which column a record field is and how each
 * dialect stores it are said there once. `?` placeholders; PostgreSQL's store numbers them.
 * Writes are each store's own (a transaction is synchronous in one, awaited in the other).
 */
import type { NewOrder, OrderFilter, OrderItemRecord, OrderListRecord, OrderRecord } from '../../core/storage';
import { columnNames, reader, selectList, setList, values, type FieldOf } from './columns';
import type { Params, Query } from './list-queries';
import { orderSearchPage } from './order-search-queries';
import type { Dialect } from './sql';
import { orderItems, orders } from './tables/orders';

/** An order's record fields: every column but the number's key, which only the unique index reads. */
export const ORDER_FIELDS = [
  'id',
  'uuid',
  'orderNumber',
  'channel',
  'orderDate',
  'createdOn',
  'updatedOn',
  'status',
  'deliveryAddress',
  'collectionAddress',
  'currency',
  'referenceOne',
  'referenceTwo',
  'referenceThree',
  'deliveryInstructions',
  'notes',
  'requestedService',
  'tags',
  'package',
  'itemCount',
  'totalWeightKg',
  'totalValueMinor',
  'shipmentId',
  'createdBy',
] as const satisfies readonly (keyof OrderRecord & FieldOf<typeof orders>)[];

/** What a new order's row is written from: its record without the database's id, and the number's key. */
export const NEW_ORDER_FIELDS = [
  ...ORDER_FIELDS.filter(
    (f): f is Exclude<(typeof ORDER_FIELDS)[number], 'id' | 'shipmentId'> => f !== 'id' && f !== 'shipmentId',
  ),
  'orderNumberKey',
] as const;
const UPDATED_FIELDS = [...NEW_ORDER_FIELDS, 'shipmentId'] as const;

export const ITEM_FIELDS = [
  'sequenceNumber',
  'sku',
  'description',
  'quantity',
  'unitValueMinor',
  'unitWeight',
  'weightUnit',
  'hsCode',
  'originCountry',
] as const satisfies readonly (keyof OrderItemRecord & FieldOf<typeof orderItems>)[];

/** The order number as its unique key: one order per number, ignoring case. */
export const orderNumberKey = (orderNumber: string) => orderNumber.trim().toLowerCase();

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
const ORDER_COLUMNS = selectList(orders, ORDER_FIELDS);
const ITEM_COLUMNS = selectList(orderItems, ITEM_FIELDS);

export const ORDER_SQL = {
  /** Parameters: orderWriter().insert(). */
  insert: `INSERT INTO orders (${columnNames(orders, NEW_ORDER_FIELDS)}) VALUES (${marks(NEW_ORDER_FIELDS.length)})
    ON CONFLICT (order_number_key) DO NOTHING RETURNING id`,
  /** Parameters: orderWriter().update(), then the order's id. */
  update: `UPDATE orders SET ${setList('sqlite', orders, UPDATED_FIELDS)} WHERE id = ?`,
  /** Parameters: orderWriter().item(). */
  insertItem: `INSERT INTO order_items (${columnNames(orderItems, ['orderId', ...ITEM_FIELDS])})
    VALUES (${marks(ITEM_FIELDS.length + 1)})`,
  deleteItems: 'DELETE FROM order_items WHERE order_id = ?',
  /** Parameters: term, the order's created_on, id and status. */
  insertTerm:
    'INSERT INTO order_search_terms (term, created_on, order_id, status) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
  deleteTerms: 'DELETE FROM order_search_terms WHERE order_id = ?',
  /** Read through orderReader(). */
  byId: `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ?`,
  /** Read through itemReader(). */
  items: `SELECT ${ITEM_COLUMNS} FROM order_items WHERE order_id = ? ORDER BY sequence_number`,
  /** A shipped order's link (parameters: shipment, order, rule name). */
  link: 'INSERT INTO order_shipments (shipment_id, order_id, rule_name) VALUES (?, ?, ?)',
  /** An order shipped as this shipment goes back to Awaiting (parameters: now, the shipment's id). */
  release: `UPDATE orders SET status = 'Awaiting', shipment_id = NULL, updated_on = ?
    WHERE shipment_id = ? AND status = 'Shipped'`,
  /** Its terms' status, before `release` (parameter: the shipment's id). */
  releaseTerms: `UPDATE order_search_terms SET status = 'Awaiting'
    WHERE order_id IN (SELECT id FROM orders WHERE shipment_id = ? AND status = 'Shipped')`,
  /** Parameters: the shipment's id, now, the order's id. */
  ship: `UPDATE orders SET status = 'Shipped', shipment_id = ?, updated_on = ? WHERE id = ?`,
  /** Parameter: the order's id. */
  shipTerms: `UPDATE order_search_terms SET status = 'Shipped' WHERE order_id = ?`,
  request: 'SELECT request_hash, answer, created_on FROM order_requests WHERE user_id = ? AND key = ?',
  /** Parameters: user, key, hash, answer, created on. */
  saveRequest: `INSERT INTO order_requests (user_id, key, request_hash, answer, created_on) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (user_id, key) DO UPDATE SET request_hash = excluded.request_hash, answer = excluded.answer,
      created_on = excluded.created_on`,
  pruneRequests: 'DELETE FROM order_requests WHERE created_on < ?',
} as const;

/** A new order's row with the key of its number. */
export const withKey = <O extends NewOrder>(order: O) => ({
  ...order,
  orderNumberKey: orderNumberKey(order.orderNumber),
});

/** The values of ORDER_SQL's writes, each as `dialect` binds it. */
export function orderWriter(dialect: Dialect) {
  const insert = values(dialect, orders, NEW_ORDER_FIELDS);
  const update = values(dialect, orders, UPDATED_FIELDS);
  const item = values(dialect, orderItems, ['orderId', ...ITEM_FIELDS]);
  return {
    insert: (order: NewOrder) => insert(withKey(order)),
    update: (order: OrderRecord) => update(withKey(order)),
    item: (orderId: number, i: OrderItemRecord) => item({ orderId, ...i }),
  };
}

/** A row read through ORDER_SQL's columns as its record. */
export const orderReader = (dialect: Dialect) =>
  reader(dialect, orders, ORDER_FIELDS) as unknown as (row: unknown) => OrderRecord;
export const itemReader = (dialect: Dialect) =>
  reader(dialect, orderItems, ITEM_FIELDS) as unknown as (row: unknown) => OrderItemRecord;

/** Which orders a status filter keeps, as a WHERE clause on `orders o` with its parameters. */
function statusWhere(statuses: string[]): { sql: string; params: Params } {
  return statuses.length > 0
    ? { sql: `WHERE o.status IN (${marks(statuses.length)})`, params: statuses }
    : { sql: '', params: [] };
}

/** What a list item needs, and its shipment's number. */
const LIST_FIELDS = [
  'uuid',
  'orderNumber',
  'status',
  'createdOn',
  'channel',
  'deliveryAddress',
  'itemCount',
  'totalWeightKg',
  'shipmentId',
] as const satisfies readonly (keyof OrderListRecord & FieldOf<typeof orders>)[];

export function orderQueries(query: Query, dialect: Dialect) {
  const toOrder = orderReader(dialect);
  const toItem = itemReader(dialect);
  // The shipment's uuid and number pass through as read: text in both dialects.
  const toListed = reader(dialect, orders, LIST_FIELDS) as unknown as (row: unknown) => OrderListRecord;
  return {
    async byId(id: number): Promise<OrderRecord | undefined> {
      const [row] = await query(ORDER_SQL.byId, [id]);
      return row === undefined ? undefined : toOrder(row);
    },
    async byUuid(uuid: string): Promise<OrderRecord | undefined> {
      const [row] = await query(`SELECT ${ORDER_COLUMNS} FROM orders WHERE uuid = ?`, [uuid]);
      return row === undefined ? undefined : toOrder(row);
    },
    async knownNumbers(orderNumbers: string[]): Promise<string[]> {
      if (orderNumbers.length === 0) return [];
      const keys = [...new Set(orderNumbers.map(orderNumberKey))];
      const rows = await query<{ order_number: string }>(
        `SELECT order_number FROM orders WHERE order_number_key IN (${marks(keys.length)})`,
        keys,
      );
      return rows.map((r) => r.order_number);
    },
    async items(orderId: number): Promise<OrderItemRecord[]> {
      return (await query(ORDER_SQL.items, [orderId])).map(toItem);
    },
    /** Run its statements in one snapshot (the PostgreSQL store does): total and rows agree. */
    async page(filter: OrderFilter): Promise<{ total: number; rows: OrderListRecord[] }> {
      const listed = (where: string, params: Params) =>
        query(
          `SELECT ${selectList(orders, LIST_FIELDS, 'o')}, s.uuid AS "shipmentUuid", s.shipment_number AS "shipmentNumber"
           FROM orders o LEFT JOIN shipments s ON s.id = o.shipment_id ${where}
           ORDER BY o.created_on DESC, o.id DESC`,
          params,
        );
      if (filter.search) {
        const { total, page } = await orderSearchPage(
          query,
          dialect,
          filter.search,
          filter.statuses,
          filter.limit,
          filter.offset,
        );
        if (page === null) return { total, rows: [] };
        const rows = await listed(`WHERE o.id IN (SELECT order_id FROM (${page.sql}) AS page)`, page.params);
        return { total, rows: rows.map(toListed) };
      }
      const where = statusWhere(filter.statuses);
      // The totals the writes keep (order_status_totals), not a count of every order.
      const [counted] = await query<{ n: number }>(
        `SELECT coalesce(sum(items), 0) AS n FROM order_status_totals
         ${filter.statuses.length > 0 ? `WHERE status IN (${marks(filter.statuses.length)})` : ''}`,
        filter.statuses,
      );
      // The page's ids from the index alone, then only its 50 orders read whole: a deep page
      // skips index entries, not orders and their shipments.
      const rows = await listed(
        `WHERE o.id IN (SELECT o.id FROM orders o ${where.sql} ORDER BY o.created_on DESC, o.id DESC LIMIT ? OFFSET ?)`,
        [...where.params, filter.limit, filter.offset],
      );
      return { total: Number(counted!.n), rows: rows.map(toListed) };
    },
    async ofShipment(shipmentId: number) {
      const [row] = await query<{ uuid: string; order_number: string; rule_name: string }>(
        `SELECT o.uuid, o.order_number, l.rule_name FROM order_shipments l JOIN orders o ON o.id = l.order_id
         WHERE l.shipment_id = ?`,
        [shipmentId],
      );
      return row && { orderUuid: String(row.uuid), orderNumber: row.order_number, ruleName: row.rule_name };
    },
  };
}
