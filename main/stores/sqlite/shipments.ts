/** The shipment store over SQLite: every write through the group commit. */
import type { Statement } from 'better-sqlite3';
import type {
  CreateOutcome,
  CustomsItemRecord,
  CustomsRecord,
  EventRecord,
  IdempotencyClaim,
  IdempotencyRecord,
  ListFilter,
  NewShipment,
  OrderShipment,
  PieceRecord,
  PrintedMark,
  ShipmentHistory,
  ShipmentStore,
  StatusDecision,
} from '../../core/storage';
import type { ShipmentStatus } from '../../core/schemas';
import { shipmentSearchTerms } from '../../core/search';
import { stationEvent } from '../../core/statuses';
import type { Db } from './database';
import type { GroupCommit } from './group-commit';
import { listQueries, type Params } from '../shared/list-queries';
import { statusCode } from '../shared/status-codes';
import { setSearchStatus } from './search-status';
import { sqliteOrderLinks } from './orders';
import {
  LIST_COLUMNS,
  eventRow,
  pieceRow,
  shipmentRow,
  toEventRecord,
  toListRecord,
  toPieceRecord,
  toShipmentRecord,
  type EventRow,
  type ListRow,
  type NewEventRow,
  type NewShipmentRow,
  type PieceRow,
  type ShipmentRow,
} from './rows';

/** A bulk load's page cache, in KiB (negative: SQLite's unit for a size rather than pages). */
const BULK_CACHE_KIB = -2 * 1024 * 1024;

/** `durable` resolves once everything committed before it was called is on disk. */
export function sqliteShipments(db: Db, commit: GroupCommit, durable: () => Promise<void>): ShipmentStore {
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
    insertSearchTerm: db.prepare<[string, number, number, number, number]>(
      'INSERT INTO shipment_search_terms (term, shipment_id, created_on, piece_count, status_code) VALUES (?, ?, ?, ?, ?)',
    ),
    latestEvent: db.prepare<[number], EventRow>(
      'SELECT * FROM tracking_events WHERE shipment_id = ? ORDER BY occurred_on DESC, id DESC LIMIT 1',
    ),
    markPrinted: db.prepare<[string, number, number]>(
      `UPDATE shipments SET status = 'Printed', status_description = ?, status_on = ?, status_location = '',
         status_signatory = '' WHERE id = ? AND status = 'Not Printed'`,
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
    pieces: db.prepare<[number], PieceRow>('SELECT * FROM pieces WHERE shipment_id = ? ORDER BY sequence_number'),
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
    insertDeclaration: db.prepare<[number, string]>(
      'INSERT INTO customs_declarations (shipment_id, contents_type) VALUES (?, ?)',
    ),
    insertCustomsItem: db.prepare<[number, number, string, number, number, number, string, string, string]>(
      `INSERT INTO customs_items (shipment_id, sequence_number, description, quantity, unit_value_minor, net_weight,
         weight_unit, hs_code, origin_country) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    declaration: db.prepare<[number], { contents_type: string }>(
      'SELECT contents_type FROM customs_declarations WHERE shipment_id = ?',
    ),
    customsItems: db.prepare<[number], CustomsItemRecord>(
      `SELECT sequence_number AS sequenceNumber, description, quantity, unit_value_minor AS unitValueMinor,
         net_weight AS netWeight, weight_unit AS weightUnit, hs_code AS hsCode, origin_country AS originCountry
       FROM customs_items WHERE shipment_id = ? ORDER BY sequence_number`,
    ),
  };
  const orders = sqliteOrderLinks(db);
  // One prepared statement per filter shape, made on first use.
  const prepared = new Map<string, Statement<Params>>();
  const lists = listQueries<ListRow>(<R>(sql: string, params: Params) => {
    let statement = prepared.get(sql);
    if (!statement) prepared.set(sql, (statement = db.prepare<Params>(sql)));
    return Promise.resolve(statement.all(...params) as R[]);
  }, LIST_COLUMNS);

  const idempotencyKey = (userId: number, key: string): IdempotencyRecord | undefined => {
    const row = s.idempotency.get(userId, key);
    return row && { requestHash: row.request_hash, shipmentId: row.shipment_id, createdOn: row.created_on };
  };
  const one = (row: ShipmentRow | undefined) => (row ? toShipmentRecord(row) : undefined);

  return {
    create(
      shipment: NewShipment,
      pieces: PieceRecord[],
      firstEvent: EventRecord,
      claim?: IdempotencyClaim,
      customs?: CustomsRecord,
      order?: OrderShipment,
    ) {
      return commit((): CreateOutcome => {
        if (claim) {
          const previous = idempotencyKey(claim.userId, claim.key);
          if (previous && previous.createdOn >= claim.freshSince) return { replayOf: previous };
        }
        const refusal = order && orders.refusal(order);
        if (refusal) return { orderNotShippable: refusal };
        const id = Number(s.insertShipment.run(shipmentRow(shipment)).lastInsertRowid);
        for (const piece of pieces) s.insertPiece.run(pieceRow(id, piece));
        s.insertEvent.run(eventRow(id, firstEvent));
        for (const term of shipmentSearchTerms(shipment))
          s.insertSearchTerm.run(term, id, shipment.createdOn, shipment.pieceCount, statusCode(shipment.status));
        if (customs) {
          s.insertDeclaration.run(id, customs.contentsType);
          for (const i of customs.items) {
            s.insertCustomsItem.run(
              id,
              i.sequenceNumber,
              i.description,
              i.quantity,
              i.unitValueMinor,
              i.netWeight,
              i.weightUnit,
              i.hsCode,
              i.originCountry,
            );
          }
        }
        if (claim) {
          s.insertIdempotency.run(claim.userId, claim.key, claim.requestHash, id, shipment.createdOn);
          // Found by index: the table holds about a day of keys however long the station runs.
          s.deleteIdempotencyBefore.run(claim.freshSince);
        }
        if (order) orders.ship(order, id, shipment.createdOn);
        return { created: { ...shipment, id } };
      });
    },

    changeStatus(shipmentId: number, decide: StatusDecision) {
      return commit(() => {
        const row = s.byId.get(shipmentId);
        if (!row) return undefined;
        const event = decide(toShipmentRecord(row), toEventRecord(s.latestEvent.get(shipmentId)!));
        const before = toShipmentRecord(row);
        if (!event) return before;
        s.insertEvent.run(eventRow(shipmentId, event));
        const latest = s.latestEvent.get(shipmentId)!;
        s.setStatus.run(
          latest.status,
          latest.description,
          latest.occurred_on,
          latest.location,
          latest.signatory,
          shipmentId,
        );
        if (latest.status !== before.status) setSearchStatus(db, [before], latest.status as ShipmentStatus);
        if (latest.status === 'Cancelled' && before.status !== 'Cancelled')
          orders.release(shipmentId, event.occurredOn);
        return toShipmentRecord(s.byId.get(shipmentId)!);
      });
    },

    markPrinted(marks: PrintedMark[], by: { user: string; occurredOn: number }) {
      // One write of the group commit: the status is checked row by row inside it, so a
      // shipment cancelled a moment before is passed by; the outbox trigger sees each event.
      return commit(() => {
        const changed: number[] = [];
        for (const { shipmentId, description } of marks) {
          if (s.markPrinted.run(description, by.occurredOn, shipmentId).changes === 0) continue;
          s.insertEvent.run(eventRow(shipmentId, stationEvent('Printed', description, by.user, by.occurredOn)));
          changed.push(shipmentId);
        }
        setSearchStatus(
          db,
          changed.map((id) => toShipmentRecord(s.byId.get(id)!)),
          'Printed',
        );
        return changed;
      });
    },

    async load(batch: ShipmentHistory[]) {
      // A batch of thousands touches random pages of every index: a page cache that holds
      // them keeps the load from spilling pages to the WAL mid-transaction.
      const cache = db.pragma('cache_size', { simple: true }) as number;
      db.pragma(`cache_size = ${BULK_CACHE_KIB}`);
      db.pragma('foreign_keys = OFF');
      try {
        await commit(() => {
          for (const { shipment, pieces, events } of batch) {
            const id = Number(s.insertShipment.run(shipmentRow(shipment)).lastInsertRowid);
            for (const piece of pieces) s.insertPiece.run(pieceRow(id, piece));
            for (const event of events) s.insertEvent.run(eventRow(id, event));
            for (const term of shipmentSearchTerms(shipment))
              s.insertSearchTerm.run(term, id, shipment.createdOn, shipment.pieceCount, statusCode(shipment.status));
          }
        });
      } finally {
        db.pragma(`cache_size = ${cache}`);
        db.pragma('foreign_keys = ON');
      }
    },

    byId: (id: number) => Promise.resolve(one(s.byId.get(id))),
    byUuid: (uuid: string) => Promise.resolve(one(s.byUuid.get(uuid))),
    byNumber: (shipmentNumber: string) => Promise.resolve(one(s.byNumber.get(shipmentNumber))),
    byTrackingNumber: (trackingNumber: string) => Promise.resolve(one(s.byTrackingNumber.get(trackingNumber))),
    pieces: (shipmentId: number) => Promise.resolve(s.pieces.all(shipmentId).map(toPieceRecord)),
    events: (shipmentId: number) => Promise.resolve(s.events.all(shipmentId).map(toEventRecord)),
    customs: (shipmentId: number) => {
      const declaration = s.declaration.get(shipmentId);
      return Promise.resolve(
        declaration && { contentsType: declaration.contents_type, items: s.customsItems.all(shipmentId) },
      );
    },
    page: async (filter: ListFilter) => {
      const { totals, rows } = await lists.page(filter);
      return { totals, rows: rows.map(toListRecord) };
    },
    idempotencyKey: async (userId: number, key: string) => {
      const found = idempotencyKey(userId, key);
      // Readers see a commit before its fsync ends: a replay waits until the original is durable.
      if (found) await durable();
      return found;
    },
    pruneIdempotencyKeys: async (createdBefore: number) => {
      s.deleteIdempotencyBefore.run(createdBefore);
    },
  };
}
