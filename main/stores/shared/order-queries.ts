/**
 * The orders' tables said once (docs/contract.md §18): each record field with its column and how
 * it is stored, the statements made from that map, and the reads both dialects run (`?`
 * placeholders; PostgreSQL's store numbers them). Only how an address and a JSON value are
 * stored differs (SQLite: text; PostgreSQL: jsonb): each store passes its codec. Writes
 * are each store's own (a transaction is synchronous in one, awaited in the other).
 */
import { prefixEnd } from '../../core/search';
import type { Address } from '../../core/schemas';
import type { NewOrder, OrderFilter, OrderItemRecord, OrderListRecord, OrderRecord } from '../../core/storage';
import type { OrderStatus } from '../../core/schemas';
import type { Params, Query } from './list-queries';

export interface OrderCodec {
  encodeAddress(address: Address): string;
  decodeAddress(stored: unknown): Address;
  /** JSON text as stored, and a stored JSON value back (SQLite's text is parsed; jsonb comes parsed). */
  decodeJson(stored: unknown): unknown;
}

type Kind = 'plain' | 'address' | 'json';
/** Record field → column and how it is stored: every other statement and mapping is made from this. */
const ORDER_COLUMNS = {
  uuid: ['uuid', 'plain'],
  orderNumber: ['order_number', 'plain'],
  channel: ['channel', 'plain'],
  orderDate: ['order_date', 'plain'],
  createdOn: ['created_on', 'plain'],
  updatedOn: ['updated_on', 'plain'],
  status: ['status', 'plain'],
  deliveryAddress: ['delivery_address', 'address'],
  collectionAddress: ['collection_address', 'address'],
  currency: ['currency', 'plain'],
  referenceOne: ['reference_one', 'plain'],
  referenceTwo: ['reference_two', 'plain'],
  referenceThree: ['reference_three', 'plain'],
  deliveryInstructions: ['delivery_instructions', 'plain'],
  notes: ['notes', 'plain'],
  requestedService: ['requested_service', 'plain'],
  tags: ['tags', 'json'],
  package: ['package', 'json'],
  itemCount: ['item_count', 'plain'],
  totalWeightKg: ['total_weight_kg', 'plain'],
  totalValueMinor: ['total_value_minor', 'plain'],
  createdBy: ['created_by', 'plain'],
} as const satisfies { [K in keyof NewOrder]-?: readonly [string, Kind] };
const FIELDS = Object.keys(ORDER_COLUMNS) as (keyof NewOrder)[];

const ITEM_COLUMNS = {
  sequenceNumber: 'sequence_number',
  sku: 'sku',
  description: 'description',
  quantity: 'quantity',
  unitValueMinor: 'unit_value_minor',
  unitWeight: 'unit_weight',
  weightUnit: 'weight_unit',
  hsCode: 'hs_code',
  originCountry: 'origin_country',
} as const satisfies { [K in keyof OrderItemRecord]-?: string };
const ITEM_FIELDS = Object.keys(ITEM_COLUMNS) as (keyof OrderItemRecord)[];

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** The order number as its unique key: one order per number, ignoring case. */
export const orderNumberKey = (orderNumber: string) => orderNumber.trim().toLowerCase();

export const ORDER_SQL = {
  /** Parameters: orderValues(), then the number's key. */
  insert: `INSERT INTO orders (${FIELDS.map((f) => ORDER_COLUMNS[f][0]).join(', ')}, order_number_key)
    VALUES (${marks(FIELDS.length + 1)}) ON CONFLICT (order_number_key) DO NOTHING RETURNING id`,
  /** Parameters: orderValues(), the number's key, the shipment's id, then the order's id. */
  update: `UPDATE orders SET ${FIELDS.map((f) => `${ORDER_COLUMNS[f][0]} = ?`).join(', ')}, order_number_key = ?,
    shipment_id = ? WHERE id = ?`,
  /** Parameters: itemValues(). */
  insertItem: `INSERT INTO order_items (order_id, ${ITEM_FIELDS.map((f) => ITEM_COLUMNS[f]).join(', ')})
    VALUES (${marks(ITEM_FIELDS.length + 1)})`,
  deleteItems: 'DELETE FROM order_items WHERE order_id = ?',
  insertTerm: 'INSERT INTO order_search_terms (term, order_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
  deleteTerms: 'DELETE FROM order_search_terms WHERE order_id = ?',
  byId: 'SELECT * FROM orders WHERE id = ?',
  /** A shipped order's link (parameters: shipment, order, rule name). */
  link: 'INSERT INTO order_shipments (shipment_id, order_id, rule_name) VALUES (?, ?, ?)',
  /** An order shipped as this shipment goes back to Awaiting (parameters: now, the shipment's id). */
  release: `UPDATE orders SET status = 'Awaiting', shipment_id = NULL, updated_on = ?
    WHERE shipment_id = ? AND status = 'Shipped'`,
  /** Parameters: the shipment's id, now, the order's id. */
  ship: `UPDATE orders SET status = 'Shipped', shipment_id = ?, updated_on = ? WHERE id = ?`,
  request: 'SELECT request_hash, answer, created_on FROM order_requests WHERE user_id = ? AND key = ?',
  /** Parameters: user, key, hash, answer, created on. */
  saveRequest: `INSERT INTO order_requests (user_id, key, request_hash, answer, created_on) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (user_id, key) DO UPDATE SET request_hash = excluded.request_hash, answer = excluded.answer,
      created_on = excluded.created_on`,
  pruneRequests: 'DELETE FROM order_requests WHERE created_on < ?',
} as const;

/** A statement's values: nulls and byte strings among them. */
export type Values = unknown[];

export function orderValues(order: NewOrder, codec: Pick<OrderCodec, 'encodeAddress'>): Values {
  return FIELDS.map((f) => {
    const value = order[f];
    const kind = ORDER_COLUMNS[f][1] as Kind;
    if (value === null) return null;
    if (kind === 'address') return codec.encodeAddress(value as Address);
    if (kind === 'json') return JSON.stringify(value);
    return value as string | number;
  });
}

export const itemValues = (orderId: number, item: OrderItemRecord): Values => [
  orderId,
  ...ITEM_FIELDS.map((f) => item[f]),
];

export type OrderRow = Record<string, unknown>;

export function toOrderRecord(row: OrderRow, codec: OrderCodec): OrderRecord {
  const record = { id: Number(row.id), shipmentId: row.shipment_id === null ? null : Number(row.shipment_id) };
  for (const f of FIELDS) {
    const [column, kind] = ORDER_COLUMNS[f] as readonly [string, Kind];
    const value = row[column];
    (record as Record<string, unknown>)[f] =
      value === null || value === undefined
        ? null
        : kind === 'address'
          ? codec.decodeAddress(value)
          : kind === 'json'
            ? codec.decodeJson(value)
            : value;
  }
  const r = record as OrderRecord;
  r.status = r.status as OrderStatus;
  return r;
}

export const toOrderItem = (row: OrderRow): OrderItemRecord =>
  Object.fromEntries(ITEM_FIELDS.map((f) => [f, row[ITEM_COLUMNS[f]]])) as unknown as OrderItemRecord;

/** Which orders a filter keeps, as a WHERE clause on `orders o` with its parameters. */
function whereClause(filter: OrderFilter): { sql: string; params: Params } {
  const parts: string[] = [];
  const params: Params = [];
  if (filter.statuses.length > 0) {
    parts.push(`o.status IN (${marks(filter.statuses.length)})`);
    params.push(...filter.statuses);
  }
  const search = filter.search;
  if (search) {
    const any = [
      ...(search.exact.length ? [`term IN (${marks(search.exact.length)})`] : []),
      ...search.prefixes.map(() => '(term >= ? AND term < ?)'),
    ];
    const arms: string[] = [];
    const armParams: Params = [];
    if (any.length) {
      arms.push(`o.id IN (SELECT order_id FROM order_search_terms WHERE ${any.join(' OR ')})`);
      armParams.push(...search.exact, ...search.prefixes.flatMap((p) => [p, prefixEnd(p)]));
    }
    if (search.allPrefixes.length) {
      arms.push(
        `(${search.allPrefixes
          .map(() => 'o.id IN (SELECT order_id FROM order_search_terms WHERE term >= ? AND term < ?)')
          .join(' AND ')})`,
      );
      armParams.push(...search.allPrefixes.flatMap((p) => [p, prefixEnd(p)]));
    }
    parts.push(arms.length ? `(${arms.join(' OR ')})` : '1 = 0');
    params.push(...armParams);
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

export function orderQueries(query: Query, codec: OrderCodec) {
  return {
    async byId(id: number): Promise<OrderRecord | undefined> {
      const [row] = await query<OrderRow>(ORDER_SQL.byId, [id]);
      return row && toOrderRecord(row, codec);
    },
    async byUuid(uuid: string): Promise<OrderRecord | undefined> {
      const [row] = await query<OrderRow>('SELECT * FROM orders WHERE uuid = ?', [uuid]);
      return row && toOrderRecord(row, codec);
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
      const rows = await query<OrderRow>('SELECT * FROM order_items WHERE order_id = ? ORDER BY sequence_number', [
        orderId,
      ]);
      return rows.map(toOrderItem);
    },
    /** Run both statements in one snapshot (the PostgreSQL store does): total and rows agree. */
    async page(filter: OrderFilter): Promise<{ total: number; rows: OrderListRecord[] }> {
      const where = whereClause(filter);
      const [counted] = await query<{ n: number }>(`SELECT count(*) AS n FROM orders o ${where.sql}`, where.params);
      const rows = await query<OrderRow>(
        `SELECT o.uuid, o.order_number, o.status, o.created_on, o.channel, o.delivery_address, o.item_count,
           o.total_weight_kg, o.shipment_id, s.uuid AS shipment_uuid, s.shipment_number
         FROM orders o LEFT JOIN shipments s ON s.id = o.shipment_id ${where.sql}
         ORDER BY o.created_on DESC, o.id DESC LIMIT ? OFFSET ?`,
        [...where.params, filter.limit, filter.offset],
      );
      return {
        total: Number(counted!.n),
        rows: rows.map((r) => ({
          uuid: String(r.uuid),
          orderNumber: r.order_number as string,
          status: r.status as OrderStatus,
          createdOn: Number(r.created_on),
          channel: r.channel as string,
          deliveryAddress: codec.decodeAddress(r.delivery_address),
          itemCount: Number(r.item_count),
          totalWeightKg: Number(r.total_weight_kg),
          shipmentId: r.shipment_id === null ? null : Number(r.shipment_id),
          shipmentUuid: r.shipment_uuid === null ? null : String(r.shipment_uuid),
          shipmentNumber: (r.shipment_number as string | null) ?? null,
        })),
      };
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
