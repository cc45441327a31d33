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
  ShipmentListRecord,
  ShipmentStore,
  StatusDecision,
} from '../../core/storage';
import { shipmentSearchTerms } from '../../core/search';
import { stationEvent } from '../../core/statuses';
import { AUTOCHECKPOINT_PAGES, type Db } from './database';
import type { GroupCommit } from './group-commit';
import { listQueries, type Params } from '../shared/list-queries';
import { statusCode } from '../shared/status-codes';
import type { EventTexts } from './event-texts';
import { beginLoad, indexLoaded, restoreSetAside } from './load-index';
import { stageTerms } from './load-terms';
import type { SqliteBinding } from './connection';
import { setSearchStatus } from './search-status';
import { sqliteOrderLinks } from './orders';
import { insertSql, reader, selectList, values } from '../shared/columns';
import { DECLARATION_FIELDS, customsDeclarations, idempotencyKeys, shipments } from '../shared/tables/shipments';
import {
  CUSTOMS_ITEM_COLUMNS,
  EVENT_COLUMNS,
  INSERT_CUSTOMS_ITEM,
  INSERT_EVENT,
  INSERT_PIECE,
  INSERT_SHIPMENT,
  LIST_COLUMNS,
  PIECE_COLUMNS,
  SHIPMENT_COLUMNS,
  customsItemRow,
  eventRows,
  pieceRow,
  shipmentValues,
  toEventRecord,
  toListRecord,
  toShipmentRecord,
} from './rows';

const DECLARATION_INSERTED = ['shipmentId', ...DECLARATION_FIELDS] as const;
const declarationValues = values('sqlite', customsDeclarations, DECLARATION_INSERTED);
const toDeclaration = reader('sqlite', customsDeclarations, DECLARATION_FIELDS);

/** A bulk load's page cache, in KiB (negative: SQLite's unit for a size rather than pages). */
const BULK_CACHE_KIB = -2 * 1024 * 1024;

/**
 * `durable` resolves once everything committed before it was called is on disk; `binding`:
 * the driver a bulk load's worker opens its scratch file with.
 */
export function sqliteShipments(
  db: Db,
  commit: GroupCommit,
  durable: () => Promise<void>,
  texts: EventTexts,
  binding?: SqliteBinding,
): ShipmentStore {
  const eventRow = eventRows(texts);
  const s = {
    insertShipment: db.prepare(INSERT_SHIPMENT),
    insertPiece: db.prepare(INSERT_PIECE),
    insertEvent: db.prepare(INSERT_EVENT),
    insertSearchTerm: db.prepare<[string, number, number, number, number]>(
      'INSERT INTO shipment_search_terms (term, shipment_id, created_on, piece_count, status_code) VALUES (?, ?, ?, ?, ?)',
    ),
    latestEvent: db.prepare<[number]>(
      `SELECT ${EVENT_COLUMNS} FROM tracking_events WHERE shipment_id = ? ORDER BY occurred_on DESC, id DESC LIMIT 1`,
    ),
    markPrinted: db.prepare<[string, number, number]>(
      `UPDATE shipments SET status = 'Printed', status_description = ?, status_on = ?, status_location = '',
         status_signatory = '' WHERE id = ? AND status = 'Not Printed'`,
    ),
    setStatus: db.prepare<[string, string, number, string, string, number]>(
      `UPDATE shipments SET status = ?, status_description = ?, status_on = ?, status_location = ?,
         status_signatory = ? WHERE id = ?`,
    ),
    byUuid: db.prepare<[string]>(`SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE uuid = ?`),
    byNumber: db.prepare<[string]>(`SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE shipment_number = ?`),
    byId: db.prepare<[number]>(`SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE id = ?`),
    byTrackingNumber: db.prepare<[string]>(
      `SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE id = (SELECT shipment_id FROM pieces WHERE tracking_number = ?)`,
    ),
    pieces: db.prepare<[number], PieceRecord>(
      `SELECT ${PIECE_COLUMNS} FROM pieces WHERE shipment_id = ? ORDER BY sequence_number`,
    ),
    events: db.prepare<[number]>(
      `SELECT ${EVENT_COLUMNS} FROM tracking_events WHERE shipment_id = ? ORDER BY occurred_on, id`,
    ),
    idempotency: db.prepare<[number, string], IdempotencyRecord>(
      `SELECT ${selectList(idempotencyKeys, ['requestHash', 'shipmentId', 'createdOn'])} FROM idempotency_keys
       WHERE user_id = ? AND key = ?`,
    ),
    insertIdempotency: db.prepare<[number, string, Buffer, number, number]>(
      `${insertSql('sqlite', idempotencyKeys)}
       ON CONFLICT (user_id, key) DO UPDATE SET request_hash = excluded.request_hash,
         shipment_id = excluded.shipment_id, created_on = excluded.created_on`,
    ),
    deleteIdempotencyBefore: db.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_on < ?'),
    insertDeclaration: db.prepare(insertSql('sqlite', customsDeclarations, DECLARATION_INSERTED)),
    insertCustomsItem: db.prepare(INSERT_CUSTOMS_ITEM),
    declaration: db.prepare<[number]>(
      `SELECT ${selectList(customsDeclarations, DECLARATION_FIELDS)} FROM customs_declarations WHERE shipment_id = ?`,
    ),
    returnsOf: db.prepare<[number], { uuid: string; shipmentNumber: string }>(
      `SELECT ${selectList(shipments, ['uuid', 'shipmentNumber'])} FROM shipments WHERE return_of = ? ORDER BY id`,
    ),
    customsItems: db.prepare<[number], CustomsItemRecord>(
      `SELECT ${CUSTOMS_ITEM_COLUMNS} FROM customs_items WHERE shipment_id = ? ORDER BY sequence_number`,
    ),
  };
  const orders = sqliteOrderLinks(db);
  // One prepared statement per filter shape, made on first use; the rows' statements
  // read arrays (raw mode), made into records by toListRecord.
  const prepared = [new Map<string, Statement<Params>>(), new Map<string, Statement<Params>>()] as const;
  const statementFor = (sql: string, raw: boolean) => {
    const made = prepared[raw ? 1 : 0];
    let statement = made.get(sql);
    if (!statement) made.set(sql, (statement = db.prepare<Params>(sql).raw(raw)));
    return statement;
  };
  const lists = listQueries<ShipmentListRecord>(
    <R>(sql: string, params: Params) => Promise.resolve(statementFor(sql, false).all(...params) as R[]),
    LIST_COLUMNS,
    <R>(sql: string, params: Params) =>
      Promise.resolve((statementFor(sql, true).all(...params) as unknown[][]).map(toListRecord) as R[]),
  );

  const idempotencyKey = (userId: number, key: string): IdempotencyRecord | undefined => s.idempotency.get(userId, key);
  const one = (row: unknown) => (row === undefined ? undefined : toShipmentRecord(row));
  const writeTerms = (id: number, shipment: NewShipment) => {
    const code = statusCode(shipment.status);
    for (const term of shipmentSearchTerms(shipment))
      s.insertSearchTerm.run(term, id, shipment.createdOn, shipment.pieceCount, code);
  };
  /** Returns the shipments' ids, in the batch's order. */
  const writeHistories = (batch: ShipmentHistory[], withTerms: boolean): number[] => {
    const ids = new Array<number>(batch.length);
    for (let k = 0; k < batch.length; k++) {
      const { shipment, pieces, events } = batch[k]!;
      const id = Number(s.insertShipment.run(...shipmentValues(shipment)).lastInsertRowid);
      for (const piece of pieces) s.insertPiece.run(...pieceRow(id, piece));
      for (const event of events) s.insertEvent.run(...eventRow(id, event));
      if (withTerms) writeTerms(id, shipment);
      ids[k] = id;
    }
    return ids;
  };
  /**
   * A bulk write: batches of thousands touch random pages of every index, and a page cache
   * that holds them keeps the load from spilling pages to the WAL mid-transaction. Each
   * batch's commit checkpoints on this connection: a batch's WAL is tens of megabytes.
   */
  const bulk = async (write: () => Promise<void>) => {
    const cache = db.pragma('cache_size', { simple: true }) as number;
    const checkpoint = db.pragma('wal_autocheckpoint', { simple: true }) as number;
    db.pragma(`cache_size = ${BULK_CACHE_KIB}`);
    db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    db.pragma('foreign_keys = OFF');
    try {
      await write();
    } finally {
      db.pragma(`cache_size = ${cache}`);
      db.pragma(`wal_autocheckpoint = ${checkpoint}`);
      db.pragma('foreign_keys = ON');
    }
  };

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
        const id = Number(s.insertShipment.run(...shipmentValues(shipment)).lastInsertRowid);
        for (const piece of pieces) s.insertPiece.run(...pieceRow(id, piece));
        s.insertEvent.run(...eventRow(id, firstEvent));
        writeTerms(id, shipment);
        if (customs) {
          const { items: _, ...declaration } = customs;
          s.insertDeclaration.run(...declarationValues({ shipmentId: id, ...declaration }));
          for (const item of customs.items) s.insertCustomsItem.run(...customsItemRow(id, item));
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
        const current = one(s.byId.get(shipmentId));
        if (!current) return undefined;
        const event = decide(current, toEventRecord(s.latestEvent.get(shipmentId)));
        const before = current;
        if (!event) return before;
        s.insertEvent.run(...eventRow(shipmentId, event));
        const latest = toEventRecord(s.latestEvent.get(shipmentId));
        s.setStatus.run(
          latest.status,
          latest.description,
          latest.occurredOn,
          latest.location,
          latest.signatory,
          shipmentId,
        );
        if (latest.status !== before.status) setSearchStatus(db, [before], latest.status);
        if (latest.status === 'Cancelled' && before.status !== 'Cancelled')
          orders.release(shipmentId, event.occurredOn);
        return toShipmentRecord(s.byId.get(shipmentId));
      });
    },

    markPrinted(marks: PrintedMark[], by: { user: string; occurredOn: number }) {
      // One write of the group commit: the status is checked row by row inside it, so a
      // shipment cancelled a moment before is passed by; the outbox trigger sees each event.
      return commit(() => {
        const changed: number[] = [];
        for (const { shipmentId, description } of marks) {
          if (s.markPrinted.run(description, by.occurredOn, shipmentId).changes === 0) continue;
          s.insertEvent.run(...eventRow(shipmentId, stationEvent('Printed', description, by.user, by.occurredOn)));
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

    load: (batch: ShipmentHistory[]) =>
      bulk(async () => {
        await commit(() => writeHistories(batch, true));
      }),

    loadAll: (batches: AsyncIterable<ShipmentHistory[]>) =>
      bulk(async () => {
        let first = true;
        const terms = stageTerms(db.name, binding);
        // The indexes are built while the worker sorts the terms; the terms go in after.
        const finish = async () => {
          const sorting = terms.finish();
          try {
            await commit(() => restoreSetAside(db));
            const staged = await sorting;
            if (staged === null) return await commit(() => indexLoaded(db));
            // Outside any transaction: commit's writes run in one, later and synchronously.
            db.prepare('ATTACH DATABASE ? AS load_terms').run(terms.file);
            try {
              await commit(() => indexLoaded(db, staged));
            } finally {
              db.exec('DETACH DATABASE load_terms');
            }
          } finally {
            await sorting;
            terms.remove();
          }
        };
        try {
          for await (const batch of batches) {
            const ids = await commit(() => {
              if (first) beginLoad(db);
              return writeHistories(batch, false);
            });
            first = false;
            await terms.add(batch, ids);
          }
        } catch (error) {
          // The batches written so far get their indexes, totals and terms now; if even
          // that fails, the next open does it.
          await finish().catch(() => undefined);
          throw error;
        }
        await finish();
      }),

    byId: (id: number) => Promise.resolve(one(s.byId.get(id))),
    byUuid: (uuid: string) => Promise.resolve(one(s.byUuid.get(uuid))),
    byNumber: (shipmentNumber: string) => Promise.resolve(one(s.byNumber.get(shipmentNumber))),
    byTrackingNumber: (trackingNumber: string) => Promise.resolve(one(s.byTrackingNumber.get(trackingNumber))),
    pieces: (shipmentId: number) => Promise.resolve(s.pieces.all(shipmentId)),
    events: (shipmentId: number) => Promise.resolve(s.events.all(shipmentId).map(toEventRecord)),
    customs: (shipmentId: number) => {
      const row = s.declaration.get(shipmentId);
      return Promise.resolve(
        row === undefined ? undefined : { ...toDeclaration(row), items: s.customsItems.all(shipmentId) },
      );
    },
    returnsOf: (shipmentId: number) => Promise.resolve(s.returnsOf.all(shipmentId)),
    page: (filter: ListFilter) => lists.page(filter),
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
