/**
 * The shipment store over PostgreSQL. Each write is one transaction on one client; a
 * status change locks its shipment's row, so two desks changing one shipment take turns.
 */
import type pg from 'pg';
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
  ShipmentRecord,
  ShipmentStore,
  StatusDecision,
} from '../../core/storage';
import { StorageUnavailableError } from '../../core/storage';
import type { Address, ShipmentStatus } from '../../core/schemas';
import { shipmentSearchTerms, type SearchableShipment } from '../../core/search';
import { listQueries } from '../shared/list-queries';
import { statusCode } from '../shared/status-codes';
import {
  castParams,
  columnNames,
  insertSql,
  selectList,
  setFromExcluded,
  unnestColumns,
  values,
} from '../shared/columns';
import {
  CUSTOMS_ITEM_FIELDS,
  DECLARATION_FIELDS,
  EVENT_FIELDS,
  LIST_FIELDS,
  NEW_SHIPMENT_FIELDS,
  PIECE_FIELDS,
  customsDeclarations,
  customsItems,
  idempotencyKeys,
  pieces,
  shipmentSearchTerms as searchTerms,
  shipments,
  trackingEvents,
} from '../shared/tables/shipments';
import { inTransaction, readSnapshot, sharedQuery, type Tx } from './pool';
import { setSearchStatus } from './search-status';
import { postgresOrderLinks } from './orders';
import { loadByCopy } from './bulk-load';

/** The uuid column's text form; the contract's uuids are lower case (the core makes and looks them up so). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const LIST_COLUMNS = selectList(shipments, LIST_FIELDS);
const SHIPMENT_COLUMNS = selectList(shipments);
const PIECE_COLUMNS = selectList(pieces, PIECE_FIELDS);
const EVENT_COLUMNS = selectList(trackingEvents, EVENT_FIELDS);
const CUSTOMS_ITEM_COLUMNS = selectList(customsItems, CUSTOMS_ITEM_FIELDS);
const EVENT_INSERTED = ['shipmentId', ...EVENT_FIELDS] as const;

const INSERT_SHIPMENT = `${insertSql('postgres', shipments, NEW_SHIPMENT_FIELDS)} RETURNING id`;
const INSERT_EVENT = insertSql('postgres', trackingEvents, EVENT_INSERTED);
/** A key stored, or an expired one taken over: RETURNING nothing when a fresh one holds the name. */
const UPSERT_KEY = `INSERT INTO idempotency_keys AS k (${columnNames(idempotencyKeys)}) VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT (user_id, key) DO UPDATE SET ${setFromExcluded(idempotencyKeys, ['userId', 'key'])}
  WHERE k.created_on < $6
  RETURNING 1`;

const shipmentValues: (s: NewShipment) => unknown[] = values('postgres', shipments, NEW_SHIPMENT_FIELDS);
const newEventValues = values('postgres', trackingEvents, EVENT_INSERTED);
const eventValues = (shipmentId: number, e: EventRecord): unknown[] => newEventValues({ shipmentId, ...e });

/** A bulk load's events after each shipment's first, as arrays: unnest keeps their order, and so their ids. */
const LOADED_EVENTS = unnestColumns(trackingEvents, EVENT_INSERTED, 1);
const INSERT_LOADED_EVENTS = `INSERT INTO tracking_events (${columnNames(trackingEvents, EVENT_INSERTED)})
  SELECT * FROM ${LOADED_EVENTS.sql}`;
const LOADED_EVENTS_A_STATEMENT = 5000;

/** jsonb comes back parsed; everything else is already the record's type (pool.ts). */
const toShipment = (row: ShipmentRecord): ShipmentRecord => ({
  ...row,
  status: row.status as ShipmentStatus,
  collectionAddress: row.collectionAddress as Address,
  deliveryAddress: row.deliveryAddress as Address,
});

/** Parameter n of the whole insert: the shipment's values first, from $1. */
const shipmentParam = (field: (typeof NEW_SHIPMENT_FIELDS)[number]) => `$${NEW_SHIPMENT_FIELDS.indexOf(field) + 1}`;
const PIECES = unnestColumns(pieces, PIECE_FIELDS, NEW_SHIPMENT_FIELDS.length + 1);
const FIRST_EVENT = NEW_SHIPMENT_FIELDS.length + PIECE_FIELDS.length + 1;
const TERMS = FIRST_EVENT + EVENT_FIELDS.length;

/**
 * The shipment, its pieces and its first event in one statement: one round trip, and on its
 * own (no claim to check) its own transaction, atomic without BEGIN and COMMIT.
 */
const INSERT_WHOLE = `WITH s AS (${INSERT_SHIPMENT}),
  p AS (
    INSERT INTO pieces (${columnNames(pieces, ['shipmentId', ...PIECE_FIELDS])})
    SELECT s.id, u.* FROM s, ${PIECES.sql} AS u),
  e AS (
    INSERT INTO tracking_events (${columnNames(trackingEvents, EVENT_INSERTED)})
    SELECT s.id, ${castParams(trackingEvents, EVENT_FIELDS, FIRST_EVENT)} FROM s),
  t AS (
    INSERT INTO shipment_search_terms (${columnNames(searchTerms)})
    SELECT u.term, s.id, ${shipmentParam('createdOn')}, ${shipmentParam('pieceCount')}, $${TERMS + 1}::smallint
    FROM s, unnest($${TERMS}::text[]) AS u(term))
  SELECT id FROM s`;

async function insertWhole(
  db: pg.Pool | Tx,
  shipment: NewShipment,
  pieces: PieceRecord[],
  event: EventRecord,
): Promise<number> {
  // Named: each connection parses and plans it once, not at every create.
  const { rows } = await db.query<{ id: number }>({
    name: 'ss_insert_whole',
    text: INSERT_WHOLE,
    values: [
      ...shipmentValues(shipment),
      ...PIECES.arrays(pieces),
      ...eventValues(0, event).slice(1),
      shipmentSearchTerms(shipment),
      statusCode(shipment.status),
    ],
  });
  return rows[0]!.id;
}

const DECLARATION_INSERTED = ['shipmentId', ...DECLARATION_FIELDS] as const;
const declarationValues = values('postgres', customsDeclarations, DECLARATION_INSERTED);
const CUSTOMS_ITEMS = unnestColumns(customsItems, CUSTOMS_ITEM_FIELDS, DECLARATION_INSERTED.length + 1);

/** The declaration and its items in one statement, inside the create's transaction. */
async function insertCustoms(tx: Tx, shipmentId: number, customs: CustomsRecord): Promise<void> {
  const { items, ...declaration } = customs;
  await tx.query(
    `WITH d AS (${insertSql('postgres', customsDeclarations, DECLARATION_INSERTED)})
     INSERT INTO customs_items (${columnNames(customsItems, ['shipmentId', ...CUSTOMS_ITEM_FIELDS])})
     SELECT $1, u.* FROM ${CUSTOMS_ITEMS.sql} AS u`,
    [...declarationValues({ shipmentId, ...declaration }), ...CUSTOMS_ITEMS.arrays(items)],
  );
}

/** `url`: the database's, for a bulk load's connection of its own (bulk-load.ts). */
export function postgresShipments(pool: pg.Pool, url: string): ShipmentStore {
  const one = async (where: string, value: unknown, db: pg.Pool | Tx = pool): Promise<ShipmentRecord | undefined> => {
    const { rows } = await db.query<ShipmentRecord>(`SELECT ${SHIPMENT_COLUMNS} FROM shipments ${where}`, [value]);
    return rows[0] && toShipment(rows[0]);
  };
  /** A page's queries on one client, in one read-only snapshot: totals and rows agree while other desks write. */
  const page = (filter: ListFilter) =>
    readSnapshot(pool, (tx) =>
      // The search terms are keyed in the list's order (migration search-list-order).
      listQueries<ShipmentListRecord>(sharedQuery(tx), LIST_COLUMNS, undefined, true).page(filter),
    );

  const storedKey = async (db: pg.Pool | Tx, userId: number, key: string): Promise<IdempotencyRecord | undefined> =>
    (
      await db.query<IdempotencyRecord>(
        `SELECT ${selectList(idempotencyKeys, ['requestHash', 'shipmentId', 'createdOn'])}
         FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
        [userId, key],
      )
    ).rows[0];

  /**
   * A batch: each shipment with its pieces, first event and terms in one statement, then the
   * rest of the batch's events a few thousand a statement, in their order (a round trip an
   * event was most of a load's time).
   */
  const load = (batch: ShipmentHistory[]) =>
    inTransaction(pool, async (tx) => {
      const later: (EventRecord & { shipmentId: number })[] = [];
      for (const { shipment, pieces, events } of batch) {
        const id = await insertWhole(tx, shipment, pieces, events[0]!);
        for (const event of events.slice(1)) later.push({ shipmentId: id, ...event });
      }
      for (let from = 0; from < later.length; from += LOADED_EVENTS_A_STATEMENT)
        await tx.query(INSERT_LOADED_EVENTS, LOADED_EVENTS.arrays(later.slice(from, from + LOADED_EVENTS_A_STATEMENT)));
    });

  return {
    async create(
      shipment: NewShipment,
      pieces: PieceRecord[],
      firstEvent: EventRecord,
      claim?: IdempotencyClaim,
      customs?: CustomsRecord,
      order?: OrderShipment,
    ) {
      if (!claim && !customs && !order)
        return { created: { ...shipment, id: await insertWhole(pool, shipment, pieces, firstEvent) } };
      // (The core has looked the key up already: a plain retry never reaches this write.)
      for (let attempt = 1; ; attempt++) {
        try {
          return await inTransaction(pool, async (tx): Promise<CreateOutcome> => {
            // Ten ships of one order at once: the first locks it, the others find it Shipped.
            const refusal = order && (await postgresOrderLinks.refusal(tx, order));
            if (refusal) return { orderNotShippable: refusal };
            const id = await insertWhole(tx, shipment, pieces, firstEvent);
            if (customs) await insertCustoms(tx, id, customs);
            if (claim) {
              // A second create with the same key waits here, on the key's unique index, for
              // the first to commit, then finds its fresh key: nothing is replaced, and this
              // create is undone as a replay. An expired key is taken over.
              const upserted = await tx.query(UPSERT_KEY, [
                claim.userId,
                claim.key,
                claim.requestHash,
                id,
                shipment.createdOn,
                claim.freshSince,
              ]);
              if (upserted.rowCount === 0) throw new Replay(await storedKey(tx, claim.userId, claim.key));
              // Found by index: the table holds about a day of keys however long the desks run.
              await tx.query('DELETE FROM idempotency_keys WHERE created_on < $1', [claim.freshSince]);
            }
            if (order) await postgresOrderLinks.ship(tx, order, id, shipment.createdOn);
            return { created: { ...shipment, id } };
          });
        } catch (error) {
          if (!(error instanceof Replay)) throw error;
          if (error.previous) return { replayOf: error.previous };
          // The key that won was gone by the time it was read (pruned by a create with a later
          // freshSince): nothing was written, so this create simply runs again, a few times.
          if (attempt >= 3) throw new StorageUnavailableError('The idempotency key is contended; try again shortly.');
        }
      }
    },

    load,

    // Into a database with no shipments, by COPY with the indexes built after; otherwise
    // each batch as `load` writes it, terms included.
    async loadAll(batches: AsyncIterable<ShipmentHistory[]>) {
      if (await loadByCopy(url, batches)) return;
      for await (const batch of batches) await load(batch);
    },

    changeStatus(shipmentId: number, decide: StatusDecision) {
      return inTransaction(pool, async (tx) => {
        const current = await one('WHERE id = $1 FOR UPDATE', shipmentId, tx);
        if (!current) return undefined;
        const latest = await tx.query<EventRecord>(
          `SELECT ${EVENT_COLUMNS} FROM tracking_events WHERE shipment_id = $1 ORDER BY occurred_on DESC, id DESC LIMIT 1`,
          [shipmentId],
        );
        const event = decide(current, latest.rows[0]!);
        if (!event) return current;
        await tx.query(INSERT_EVENT, eventValues(shipmentId, event));
        const updated = await tx.query<{ status: ShipmentStatus }>(
          `UPDATE shipments s SET status = e.status, status_description = e.description, status_on = e.occurred_on,
             status_location = e.location, status_signatory = e.signatory
           FROM (SELECT status, description, occurred_on, location, signatory FROM tracking_events
                 WHERE shipment_id = $1 ORDER BY occurred_on DESC, id DESC LIMIT 1) e
           WHERE s.id = $1
           RETURNING s.status`,
          [shipmentId],
        );
        const status = updated.rows[0]!.status;
        if (status !== current.status) await setSearchStatus(tx, [current], status);
        if (status === 'Cancelled' && current.status !== 'Cancelled')
          await postgresOrderLinks.release(tx, shipmentId, event.occurredOn);
        return one('WHERE id = $1', shipmentId, tx);
      });
    },

    markPrinted(marks: PrintedMark[], by: { user: string; occurredOn: number }) {
      if (marks.length === 0) return Promise.resolve([]);
      return inTransaction(pool, async (tx) => {
        // Locked in id order, as a manifest's close does: two desks marking overlapping
        // batches wait for each other instead of deadlocking, and a shipment another desk
        // cancelled meanwhile is read as it is now and passed by.
        // The address and references give each shipment's search terms, whose status code changes too.
        const { rows } = await tx.query<{ id: number } & SearchableShipment>(
          `SELECT id, delivery_address AS "deliveryAddress", reference_one AS "referenceOne",
             reference_two AS "referenceTwo", reference_three AS "referenceThree"
           FROM shipments WHERE id = ANY($1::bigint[]) AND status = 'Not Printed' ORDER BY id FOR UPDATE`,
          [marks.map((m) => m.shipmentId)],
        );
        const still = new Set(rows.map((r) => Number(r.id)));
        const changed = marks.filter((m) => still.has(m.shipmentId));
        if (changed.length === 0) return [];
        const ids = changed.map((m) => m.shipmentId);
        const descriptions = changed.map((m) => m.description);
        // The outbox trigger writes each event's webhook rows, as for a single change. A
        // station event: no place, no scan data (stationEvent).
        await tx.query(
          `INSERT INTO tracking_events (${columnNames(trackingEvents, EVENT_INSERTED)})
           SELECT u.id, 'Printed', u.description, '', '', '', NULL, NULL, NULL, '', $3::text, $4::bigint
           FROM unnest($1::bigint[], $2::text[]) WITH ORDINALITY AS u(id, description, n) ORDER BY u.n`,
          [ids, descriptions, by.user, by.occurredOn],
        );
        await tx.query(
          `UPDATE shipments s SET status = 'Printed', status_description = u.description, status_on = $3,
             status_location = '', status_signatory = ''
           FROM unnest($1::bigint[], $2::text[]) AS u(id, description) WHERE s.id = u.id`,
          [ids, descriptions, by.occurredOn],
        );
        await setSearchStatus(
          tx,
          rows.map((r) => ({ ...r, id: Number(r.id) })),
          'Printed',
        );
        return changed.map((m) => m.shipmentId);
      });
    },

    byId: (id) => one('WHERE id = $1', id),
    // Anything but a UUID is no shipment here, rather than the uuid column's invalid-input error.
    byUuid: async (uuid) => (UUID.test(uuid) ? one('WHERE uuid = $1', uuid) : undefined),
    byNumber: (shipmentNumber) => one('WHERE shipment_number = $1', shipmentNumber),
    byTrackingNumber: (trackingNumber) =>
      one('WHERE id = (SELECT shipment_id FROM pieces WHERE tracking_number = $1)', trackingNumber),
    pieces: async (shipmentId) =>
      (
        await pool.query<PieceRecord>(
          `SELECT ${PIECE_COLUMNS} FROM pieces WHERE shipment_id = $1 ORDER BY sequence_number`,
          [shipmentId],
        )
      ).rows,
    events: async (shipmentId) =>
      (
        await pool.query<EventRecord>(
          `SELECT ${EVENT_COLUMNS} FROM tracking_events WHERE shipment_id = $1 ORDER BY occurred_on, id`,
          [shipmentId],
        )
      ).rows,
    customs: async (shipmentId) => {
      const [declaration, items] = await Promise.all([
        pool.query<Omit<CustomsRecord, 'items'>>(
          `SELECT ${selectList(customsDeclarations, DECLARATION_FIELDS)} FROM customs_declarations WHERE shipment_id = $1`,
          [shipmentId],
        ),
        pool.query<CustomsItemRecord>(
          `SELECT ${CUSTOMS_ITEM_COLUMNS} FROM customs_items WHERE shipment_id = $1 ORDER BY sequence_number`,
          [shipmentId],
        ),
      ]);
      const found = declaration.rows[0];
      return found === undefined ? undefined : { ...found, items: items.rows };
    },
    returnsOf: async (shipmentId) =>
      (
        await pool.query<{ uuid: string; shipmentNumber: string }>(
          `SELECT ${selectList(shipments, ['uuid', 'shipmentNumber'])} FROM shipments WHERE return_of = $1 ORDER BY id`,
          [shipmentId],
        )
      ).rows,
    page,
    idempotencyKey: (userId, key) => storedKey(pool, userId, key),
    pruneIdempotencyKeys: async (createdBefore) => {
      await pool.query('DELETE FROM idempotency_keys WHERE created_on < $1', [createdBefore]);
    },
  };
}

/** Unwinds a create whose key another create stored first: the transaction rolls back. */
class Replay extends Error {
  constructor(readonly previous: IdempotencyRecord | undefined) {
    super('replay');
  }
}

/** Folds the day totals' stripes of days before yesterday into one row per day and status. */
export async function foldDayTotals(pool: pg.Pool, now = Date.now()): Promise<void> {
  await pool.query('SELECT shipment_day_totals_fold($1)', [Math.floor(now / 86_400_000) - 1]);
}

/**
 * The day totals counted afresh from the shipments, each day and status in its stripe 0
 * (as folded): for a bulk load that ran with the totals' per-row trigger disabled.
 */
export async function rebuildDayTotals(client: pg.ClientBase): Promise<void> {
  await client.query('DELETE FROM shipment_day_totals');
  await client.query(
    `INSERT INTO shipment_day_totals (day, status, stripe, items, pieces)
     SELECT created_on / 86400000, status, 0, count(*), sum(piece_count) FROM shipments GROUP BY 1, 2`,
  );
}
