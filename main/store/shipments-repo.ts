/** Every statement about shipments, pieces, tracking events and number sequences. */
import type { Statement } from 'better-sqlite3';
import type { Db } from './database';

export interface ShipmentRow {
  id: number;
  uuid: string;
  shipment_number: string;
  created_on: number;
  despatch_date: number;
  carrier_id: number;
  carrier_service_id: number;
  features: string;
  collection_address: string;
  delivery_address: string;
  shipper: string;
  delivery_line: string;
  delivery_postcode_key: string;
  goods_description: string;
  delivery_instructions: string;
  hs_code: string;
  description_of_goods: string;
  reference_one: string;
  reference_two: string;
  reference_three: string;
  cost_minor: number;
  insured_minor: number;
  currency: string;
  piece_count: number;
  total_weight: number;
  weight_unit: string;
  status: string;
  status_description: string;
  status_on: number;
  status_location: string;
  status_signatory: string;
  created_by: number | null;
}
export type NewShipmentRow = Omit<ShipmentRow, 'id'>;

export interface PieceRow {
  shipment_id: number;
  sequence_number: number;
  description: string;
  weight: number;
  weight_unit: string;
  length: number;
  width: number;
  height: number;
  dimension_unit: string;
  tracking_number: string;
}

export interface EventRow {
  id: number;
  shipment_id: number;
  status: string;
  description: string;
  location: string;
  signatory: string;
  signatory_file_name: string;
  latitude: number | null;
  longitude: number | null;
  depot_id: number | null;
  tracking_number: string;
  user: string;
  occurred_on: number;
}
export type NewEventRow = Omit<EventRow, 'id'>;

/** The list's columns: what a list item needs and nothing more. */
export type ListRow = Pick<
  ShipmentRow,
  | 'id'
  | 'uuid'
  | 'shipment_number'
  | 'created_on'
  | 'despatch_date'
  | 'shipper'
  | 'reference_one'
  | 'delivery_line'
  | 'carrier_id'
  | 'carrier_service_id'
  | 'piece_count'
  | 'total_weight'
  | 'weight_unit'
  | 'status'
  | 'status_description'
  | 'status_on'
  | 'status_location'
  | 'status_signatory'
>;

export interface ListFilter {
  statuses: string[];
  from: number | null;
  /** Inclusive. */
  to: number | null;
  newestFirst: boolean;
  limit: number;
  offset: number;
}

const LIST_COLUMNS = `id, uuid, shipment_number, created_on, despatch_date, shipper, reference_one,
  delivery_line, carrier_id, carrier_service_id, piece_count, total_weight, weight_unit, status,
  status_description, status_on, status_location, status_signatory`;

function whereClause(f: ListFilter): { sql: string; params: (string | number)[] } {
  const parts: string[] = [];
  const params: (string | number)[] = [];
  if (f.statuses.length > 0) {
    parts.push(`status IN (${f.statuses.map(() => '?').join(', ')})`);
    params.push(...f.statuses);
  }
  if (f.from !== null) {
    parts.push('created_on >= ?');
    params.push(f.from);
  }
  if (f.to !== null) {
    parts.push('created_on <= ?');
    params.push(f.to);
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

export function shipmentsRepo(db: Db) {
  const s = {
    allocate: db.prepare<[string, number], { value: number }>(
      `INSERT INTO counters (name, value) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET value = value + excluded.value RETURNING value`,
    ),
    insertShipment: db.prepare<NewShipmentRow>(
      `INSERT INTO shipments (uuid, shipment_number, created_on, despatch_date, carrier_id,
         carrier_service_id, features, collection_address, delivery_address, shipper, delivery_line,
         delivery_postcode_key, goods_description, delivery_instructions, hs_code, description_of_goods,
         reference_one, reference_two, reference_three, cost_minor, insured_minor, currency,
         piece_count, total_weight, weight_unit, status, status_description, status_on,
         status_location, status_signatory, created_by)
       VALUES (@uuid, @shipment_number, @created_on, @despatch_date, @carrier_id,
         @carrier_service_id, @features, @collection_address, @delivery_address, @shipper,
         @delivery_line, @delivery_postcode_key, @goods_description, @delivery_instructions,
         @hs_code, @description_of_goods, @reference_one, @reference_two, @reference_three,
         @cost_minor, @insured_minor, @currency, @piece_count, @total_weight, @weight_unit,
         @status, @status_description, @status_on, @status_location, @status_signatory, @created_by)`,
    ),
    insertPiece: db.prepare<PieceRow>(
      `INSERT INTO pieces (shipment_id, sequence_number, description, weight, weight_unit, length,
         width, height, dimension_unit, tracking_number)
       VALUES (@shipment_id, @sequence_number, @description, @weight, @weight_unit, @length,
         @width, @height, @dimension_unit, @tracking_number)`,
    ),
    insertEvent: db.prepare<NewEventRow>(
      `INSERT INTO tracking_events (shipment_id, status, description, location, signatory,
         signatory_file_name, latitude, longitude, depot_id, tracking_number, user, occurred_on)
       VALUES (@shipment_id, @status, @description, @location, @signatory, @signatory_file_name,
         @latitude, @longitude, @depot_id, @tracking_number, @user, @occurred_on)`,
    ),
    latestEvent: db.prepare<[number], EventRow>(
      'SELECT * FROM tracking_events WHERE shipment_id = ? ORDER BY occurred_on DESC, id DESC LIMIT 1',
    ),
    setStatus: db.prepare<[string, string, number, string, string, number]>(
      `UPDATE shipments SET status = ?, status_description = ?, status_on = ?, status_location = ?,
         status_signatory = ? WHERE id = ?`,
    ),
    byUuid: db.prepare<[string], ShipmentRow>('SELECT * FROM shipments WHERE uuid = ?'),
    byNumber: db.prepare<[string], ShipmentRow>('SELECT * FROM shipments WHERE shipment_number = ?'),
    byId: db.prepare<[number], ShipmentRow>('SELECT * FROM shipments WHERE id = ?'),
    byTrackingNumber: db.prepare<[string], ShipmentRow>(
      'SELECT s.* FROM pieces p JOIN shipments s ON s.id = p.shipment_id WHERE p.tracking_number = ?',
    ),
    pieces: db.prepare<[number], PieceRow>(
      'SELECT * FROM pieces WHERE shipment_id = ? ORDER BY sequence_number',
    ),
    events: db.prepare<[number], EventRow>(
      'SELECT * FROM tracking_events WHERE shipment_id = ? ORDER BY occurred_on, id',
    ),
    idempotency: db.prepare<[number, string], { request_hash: Buffer; shipment_id: number; created_on: number }>(
      'SELECT request_hash, shipment_id, created_on FROM idempotency_keys WHERE user_id = ? AND key = ?',
    ),
    insertIdempotency: db.prepare<[number, string, Buffer, number, number]>(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, shipment_id, created_on) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (user_id, key) DO UPDATE SET request_hash = excluded.request_hash,
         shipment_id = excluded.shipment_id, created_on = excluded.created_on`,
    ),
    deleteIdempotencyBefore: db.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_on < ?'),
  };

  // One prepared statement per filter shape, made on first use.
  const listStatements = new Map<string, Statement<(string | number)[], ListRow>>();
  const countStatements = new Map<string, Statement<(string | number)[], { items: number; pieces: number }>>();

  return {
    /** Reserves `count` numbers of a sequence; returns the first. Never hands one out twice. */
    allocate(name: string, count: number): number {
      return s.allocate.get(name, count)!.value - count + 1;
    },
    insertShipment: (row: NewShipmentRow) => Number(s.insertShipment.run(row).lastInsertRowid),
    insertPiece: (row: PieceRow) => s.insertPiece.run(row),
    insertEvent: (row: NewEventRow) => Number(s.insertEvent.run(row).lastInsertRowid),
    latestEvent: (shipmentId: number) => s.latestEvent.get(shipmentId),
    setStatusFrom(event: EventRow) {
      s.setStatus.run(event.status, event.description, event.occurred_on, event.location, event.signatory, event.shipment_id);
    },
    byUuid: (uuid: string) => s.byUuid.get(uuid),
    byNumber: (number: string) => s.byNumber.get(number),
    byId: (id: number) => s.byId.get(id),
    byTrackingNumber: (trackingNumber: string) => s.byTrackingNumber.get(trackingNumber),
    pieces: (shipmentId: number) => s.pieces.all(shipmentId),
    events: (shipmentId: number) => s.events.all(shipmentId),
    idempotency: (userId: number, key: string) => s.idempotency.get(userId, key),
    insertIdempotency: (userId: number, key: string, hash: Buffer, shipmentId: number, now: number) =>
      s.insertIdempotency.run(userId, key, hash, shipmentId, now),
    deleteIdempotencyBefore: (time: number) => s.deleteIdempotencyBefore.run(time),

    list(filter: ListFilter): ListRow[] {
      const where = whereClause(filter);
      const dir = filter.newestFirst ? 'DESC' : 'ASC';
      const sql = `SELECT ${LIST_COLUMNS} FROM shipments ${where.sql}
        ORDER BY created_on ${dir}, id ${dir} LIMIT ? OFFSET ?`;
      let stmt = listStatements.get(sql);
      if (!stmt) listStatements.set(sql, (stmt = db.prepare(sql)));
      return stmt.all(...where.params, filter.limit, filter.offset);
    },
    totals(filter: ListFilter): { items: number; pieces: number } {
      const where = whereClause(filter);
      const sql = `SELECT count(*) AS items, coalesce(sum(piece_count), 0) AS pieces FROM shipments ${where.sql}`;
      let stmt = countStatements.get(sql);
      if (!stmt) countStatements.set(sql, (stmt = db.prepare(sql)));
      return stmt.get(...where.params)!;
    },
    transaction: <T>(fn: () => T): T => db.transaction(fn).immediate(),
  };
}
export type ShipmentsRepo = ReturnType<typeof shipmentsRepo>;
