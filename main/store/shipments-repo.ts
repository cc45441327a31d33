/** Every statement about shipments, pieces, tracking events and number sequences. */
import type { Statement } from 'better-sqlite3';
import { DURABLE_SYNCHRONOUS, type Db } from './database';
import type { WalSync } from './wal-sync';

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

const DAY_MS = 86_400_000;
/** Below this offset a plain index skip is already cheap; above it whole days are skipped first. */
const SKIP_DAYS_FROM_OFFSET = 5_000;

type Params = (string | number)[];

/**
 * `status IN (…)` and a range of `column` as a WHERE clause with its parameters: shipments
 * by `created_on` (both ends inclusive), or the day totals by `day` (the end exclusive).
 */
function whereClause(
  statuses: string[],
  from: number | null,
  to: number | null,
  range: { column: 'created_on' | 'day'; below: '<=' | '<' } = { column: 'created_on', below: '<=' },
): { sql: string; params: Params } {
  const parts: string[] = [];
  const params: Params = [];
  if (statuses.length > 0) {
    parts.push(`status IN (${statuses.map(() => '?').join(', ')})`);
    params.push(...statuses);
  }
  if (from !== null) {
    parts.push(`${range.column} >= ?`);
    params.push(from);
  }
  if (to !== null) {
    parts.push(`${range.column} ${range.below} ?`);
    params.push(to);
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** The whole UTC days inside [from, to]: first day, and the day after the last (null = unbounded). */
function wholeDays(from: number | null, to: number | null): { first: number | null; end: number | null } {
  return {
    first: from === null ? null : Math.ceil(from / DAY_MS),
    end: to === null ? null : Math.floor((to + 1) / DAY_MS),
  };
}

export function shipmentsRepo(db: Db, wal: WalSync) {
  const s = {
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
  const listStatements = new Map<string, Statement<Params, ListRow>>();
  const countStatements = new Map<string, Statement<Params, { items: number; pieces: number }>>();

  const cached = <R>(map: Map<string, Statement<Params, R>>, sql: string): Statement<Params, R> => {
    let stmt = map.get(sql);
    if (!stmt) map.set(sql, (stmt = db.prepare<Params, R>(sql)));
    return stmt;
  };
  const dayStatements = new Map<string, Statement<Params, { day: number; items: number; pieces: number }>>();
  const dayWhere = (statuses: string[], first: number | null, end: number | null) =>
    whereClause(statuses, first, end, { column: 'day', below: '<' });
  const exactTotals = (statuses: string[], from: number | null, to: number | null) => {
    if (from !== null && to !== null && from > to) return { items: 0, pieces: 0 };
    const where = whereClause(statuses, from, to);
    const sql = `SELECT count(*) AS items, coalesce(sum(piece_count), 0) AS pieces FROM shipments ${where.sql}`;
    return cached(countStatements, sql).get(...where.params)!;
  };
  const dayTotals = (statuses: string[], first: number | null, end: number | null) => {
    const where = dayWhere(statuses, first, end);
    const sql = `SELECT 0 AS day, coalesce(sum(items), 0) AS items, coalesce(sum(pieces), 0) AS pieces FROM shipment_day_totals ${where.sql}`;
    return cached(dayStatements, sql).get(...where.params)!;
  };
  /**
   * A deep page (e.g. offset 199,900) skips whole days by their aggregate counts, narrowing
   * the date range, so the index skip that remains is at most about a day of rows.
   */
  const skipWholeDays = (f: ListFilter): { from: number | null; to: number | null; offset: number } => {
    let { from, to, offset } = f;
    if (offset < SKIP_DAYS_FROM_OFFSET) return { from, to, offset };
    const { first, end } = wholeDays(from, to);
    if (first !== null && end !== null && first >= end) return { from, to, offset };
    // The partial day at the start of the order, counted exactly, must be skipped first.
    if (f.newestFirst && to !== null && end !== null) {
      const head = exactTotals(f.statuses, end * DAY_MS, to).items;
      if (head > offset) return { from, to, offset };
      offset -= head;
      to = end * DAY_MS - 1;
    } else if (!f.newestFirst && from !== null && first !== null) {
      const head = exactTotals(f.statuses, from, first * DAY_MS - 1).items;
      if (head > offset) return { from, to, offset };
      offset -= head;
      from = first * DAY_MS;
    }
    const where = dayWhere(f.statuses, first, end);
    const sql = `SELECT day, sum(items) AS items, 0 AS pieces FROM shipment_day_totals ${where.sql}
      GROUP BY day ORDER BY day ${f.newestFirst ? 'DESC' : 'ASC'}`;
    for (const { day, items } of cached(dayStatements, sql).iterate(...where.params)) {
      if (items > offset) break;
      offset -= items;
      if (f.newestFirst) to = day * DAY_MS - 1;
      else from = (day + 1) * DAY_MS;
    }
    return { from, to, offset };
  };

  // One transaction wrapper for all: db.transaction() builds four functions on each call.
  const inTransaction = db.transaction(<T>(fn: () => T): T => fn());
  const lazyTransaction = <T>(fn: () => T): T => {
    // Set with exec: a PRAGMA setter runs when it is compiled, so it cannot be prepared once.
    db.exec('PRAGMA synchronous = NORMAL');
    try {
      return inTransaction.immediate(fn) as T;
    } finally {
      db.exec(`PRAGMA synchronous = ${DURABLE_SYNCHRONOUS}`);
    }
  };

  // Number sequences (shipment numbers, each carrier's tracking serials), reserved in
  // memory and written by the next group commit: a create used to commit its numbers in
  // a transaction of their own before rendering. A create is answered only after a group
  // commit that includes its numbers, so numbers lost in a crash were never handed to
  // anyone. The write checks that the stored value is still the one last read or written,
  // so that another program moving a sequence meanwhile fails the commit rather than
  // letting two shipments share a number.
  const sequences = new Map<string, { reserved: number; stored: number }>();
  const readSequence = db.prepare<[string], { value: number }>('SELECT value FROM counters WHERE name = ?');
  const writeSequence = db.prepare<{ name: string; value: number; stored: number }>(
    `INSERT INTO counters (name, value) VALUES (@name, @value)
     ON CONFLICT (name) DO UPDATE SET value = excluded.value WHERE value = @stored`,
  );
  const writeSequences = () => {
    for (const [name, sequence] of sequences) {
      if (sequence.reserved === sequence.stored) continue;
      const { changes } = writeSequence.run({ name, value: sequence.reserved, stored: sequence.stored });
      if (changes !== 1) {
        throw new Error(`The number sequence ${name} was changed by another program; nothing was saved. Try again.`);
      }
      sequence.stored = sequence.reserved;
    }
  };
  /**
   * After a failed commit, what is stored is read again. Reservations never go back: a
   * create still rendering keeps numbers no later create is given.
   */
  const rereadSequences = () => {
    for (const [name, sequence] of sequences) {
      sequence.stored = readSequence.get(name)?.value ?? 0;
      sequence.reserved = Math.max(sequence.reserved, sequence.stored);
    }
  };

  // Group commit, batched: the writes queued while an fsync runs share one transaction
  // and the next fsync. A write arriving with no fsync under way commits on the next turn
  // of the event loop, with whatever else arrived in this one. Under 16 creating clients a
  // transaction holds 1.6 creates, and with the numbers no longer committed on their own
  // the event loop spends 0.48 ms of CPU a create instead of 0.55 (three runs each).
  //
  // A batch first runs as it is, one write after the other. Only if a write throws is it
  // undone and run again, each write in a savepoint of its own, so that the one that threw
  // is undone alone and the others still commit. Savepoints for every batch had SQLite copy
  // each page a write touched into a savepoint journal, which past 64 KB (two creates)
  // spills to a new temp file: 69 temp files created and deleted in 4 seconds of creates
  // (strace), and 1 in 5 seconds without. Writes only touch the database, so running one
  // again is safe.
  interface Queued { write: () => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void }
  type Written = { q: Queued; value: unknown }[];
  let queued: Queued[] = [];
  const savepoint = db.prepare('SAVEPOINT one_write');
  const release = db.prepare('RELEASE one_write');
  const rollbackTo = db.prepare('ROLLBACK TO one_write');
  /** What a batch run together returns when one of its writes threw: all of it is undone. */
  const WRITE_THREW = Symbol('a write threw');
  /** Runs `batch` in one transaction, together or (`alone`) each write in a savepoint. */
  const runBatch = (batch: Queued[], alone: boolean): Written | typeof WRITE_THREW | undefined => {
    const written: Written = [];
    let writeThrew = false;
    try {
      lazyTransaction(() => {
        for (const q of batch) {
          if (alone) savepoint.run();
          try {
            written.push({ q, value: q.write() });
            if (alone) release.run();
          } catch (error) {
            if (!alone) {
              writeThrew = true;
              throw error;
            }
            rollbackTo.run();
            release.run();
            q.reject(error);
          }
        }
        writeSequences();
      });
    } catch (error) {
      if (writeThrew) return WRITE_THREW;
      // Nothing of the batch was committed; what memory says was stored is unknown now.
      rereadSequences();
      for (const { q } of written) q.reject(error);
      return undefined;
    }
    return written;
  };
  const commitQueued = () => {
    const batch = queued;
    queued = [];
    let written = runBatch(batch, false);
    if (written === WRITE_THREW) written = runBatch(batch, true);
    if (written === WRITE_THREW || written === undefined) return;
    wal.flush().then(
      () => {
        for (const { q, value } of written) q.resolve(value);
      },
      (error: unknown) => {
        for (const { q } of written) q.reject(error);
      },
    );
  };

  return {
    /**
     * Reserves `count` numbers of a sequence; returns the first. Never hands one out
     * twice; they are stored by the next groupCommit.
     */
    allocate(name: string, count: number): number {
      let sequence = sequences.get(name);
      if (!sequence) {
        const stored = readSequence.get(name)?.value ?? 0;
        sequence = { reserved: stored, stored };
        sequences.set(name, sequence);
      }
      sequence.reserved += count;
      return sequence.reserved - count + 1;
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
      const { from, to, offset } = skipWholeDays(filter);
      const where = whereClause(filter.statuses, from, to);
      const dir = filter.newestFirst ? 'DESC' : 'ASC';
      const order = `ORDER BY created_on ${dir}, id ${dir}`;
      // Deferred join: the OFFSET skip walks a covering index (no table rows), then only the
      // page's rows are read by id.
      let ids: string;
      let params: Params;
      if (filter.statuses.length > 1) {
        // Several statuses: merge one index-ordered, limited scan per status rather than sort
        // every matching row (a status IN list cannot use the (status, created_on) order).
        const arms = filter.statuses.map((status) => {
          const arm = whereClause([status], from, to);
          return { sql: `SELECT * FROM (SELECT id, created_on FROM shipments ${arm.sql} ${order} LIMIT ?)`, params: arm.params };
        });
        ids = `SELECT id FROM (${arms.map((a) => a.sql).join(' UNION ALL ')}) ${order} LIMIT ? OFFSET ?`;
        params = [...arms.flatMap((a) => [...a.params, offset + filter.limit]), filter.limit, offset];
      } else {
        ids = `SELECT id FROM shipments ${where.sql} ${order} LIMIT ? OFFSET ?`;
        params = [...where.params, filter.limit, offset];
      }
      const sql = `SELECT ${LIST_COLUMNS} FROM shipments WHERE id IN (${ids}) ${order}`;
      let stmt = listStatements.get(sql);
      if (!stmt) listStatements.set(sql, (stmt = db.prepare(sql)));
      return stmt.all(...params);
    },
    /** Exact totals: whole days from shipment_day_totals, partial boundary days counted. */
    totals(filter: ListFilter): { items: number; pieces: number } {
      const { first, end } = wholeDays(filter.from, filter.to);
      if (first !== null && end !== null && first >= end) return exactTotals(filter.statuses, filter.from, filter.to);
      const sum = dayTotals(filter.statuses, first, end);
      const parts: { items: number; pieces: number }[] = [sum];
      if (filter.from !== null && first !== null) parts.push(exactTotals(filter.statuses, filter.from, first * DAY_MS - 1));
      if (filter.to !== null && end !== null) parts.push(exactTotals(filter.statuses, end * DAY_MS, filter.to));
      return parts.reduce((a, b) => ({ items: a.items + b.items, pieces: a.pieces + b.pieces }), { items: 0, pieces: 0 });
    },
    /**
     * Runs `write` in a transaction as durable as a FULL commit, with the fsync off the
     * event loop: writes queued together commit together with synchronous = NORMAL, then
     * wait for one fsync of the WAL (wal-sync.ts); only then is each promise settled. A
     * write that throws is undone alone, and its promise rejects with what it threw.
     */
    groupCommit<T>(write: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queued.push({ write, resolve: resolve as (value: unknown) => void, reject });
        if (queued.length === 1) wal.whenIdle(commitQueued);
      });
    },
  };
}
export type ShipmentsRepo = ReturnType<typeof shipmentsRepo>;
