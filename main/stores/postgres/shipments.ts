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
import { listQueries, type Params } from '../shared/list-queries';
import { statusCode } from '../shared/status-codes';
import { inTransaction, readSnapshot, type Tx } from './pool';
import { setSearchStatus } from './search-status';
import { postgresOrderLinks } from './orders';

/** The uuid column's text form; the contract's uuids are lower case (the core makes and looks them up so). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const LIST_COLUMNS = `id, uuid, shipment_number AS "shipmentNumber", created_on AS "createdOn",
  despatch_date AS "despatchDate", shipper, reference_one AS "referenceOne", delivery_line AS "deliveryLine",
  carrier_id AS "carrierId", carrier_service_id AS "carrierServiceId", piece_count AS "pieceCount",
  total_weight AS "totalWeight", weight_unit AS "weightUnit", status, status_description AS "statusDescription",
  status_on AS "statusOn", status_location AS "statusLocation", status_signatory AS "statusSignatory"`;

const SHIPMENT_COLUMNS = `${LIST_COLUMNS}, features, collection_address AS "collectionAddress",
  delivery_address AS "deliveryAddress", delivery_postcode_key AS "deliveryPostcodeKey",
  goods_description AS "goodsDescription", delivery_instructions AS "deliveryInstructions", hs_code AS "hsCode",
  description_of_goods AS "descriptionOfGoods", reference_two AS "referenceTwo", reference_three AS "referenceThree",
  cost_minor AS "costMinor", insured_minor AS "insuredMinor", currency, created_by AS "createdBy"`;

const PIECE_COLUMNS = `sequence_number AS "sequenceNumber", description, weight, weight_unit AS "weightUnit",
  length, width, height, dimension_unit AS "dimensionUnit", tracking_number AS "trackingNumber"`;

const EVENT_COLUMNS = `status, description, location, signatory, signatory_file_name AS "signatoryFileName",
  latitude, longitude, depot_id AS "depotId", tracking_number AS "trackingNumber", user_name AS "user",
  occurred_on AS "occurredOn"`;

const INSERT_SHIPMENT = `INSERT INTO shipments (uuid, shipment_number, created_on, despatch_date, carrier_id,
    carrier_service_id, features, collection_address, delivery_address, shipper, delivery_line,
    delivery_postcode_key, goods_description, delivery_instructions, hs_code, description_of_goods,
    reference_one, reference_two, reference_three, cost_minor, insured_minor, currency, piece_count,
    total_weight, weight_unit, status, status_description, status_on, status_location, status_signatory,
    created_by)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
    $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31)
  RETURNING id`;

const INSERT_EVENT = `INSERT INTO tracking_events (shipment_id, status, description, location, signatory,
    signatory_file_name, latitude, longitude, depot_id, tracking_number, user_name, occurred_on)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`;

function shipmentValues(s: NewShipment): unknown[] {
  return [
    s.uuid,
    s.shipmentNumber,
    s.createdOn,
    s.despatchDate,
    s.carrierId,
    s.carrierServiceId,
    JSON.stringify(s.features),
    JSON.stringify(s.collectionAddress),
    JSON.stringify(s.deliveryAddress),
    s.shipper,
    s.deliveryLine,
    s.deliveryPostcodeKey,
    s.goodsDescription,
    s.deliveryInstructions,
    s.hsCode,
    s.descriptionOfGoods,
    s.referenceOne,
    s.referenceTwo,
    s.referenceThree,
    s.costMinor,
    s.insuredMinor,
    s.currency,
    s.pieceCount,
    s.totalWeight,
    s.weightUnit,
    s.status,
    s.statusDescription,
    s.statusOn,
    s.statusLocation,
    s.statusSignatory,
    s.createdBy,
  ];
}

const eventValues = (shipmentId: number, e: EventRecord): unknown[] => [
  shipmentId,
  e.status,
  e.description,
  e.location,
  e.signatory,
  e.signatoryFileName,
  e.latitude,
  e.longitude,
  e.depotId,
  e.trackingNumber,
  e.user,
  e.occurredOn,
];

/** jsonb comes back parsed; everything else is already the record's type (pool.ts). */
const toShipment = (row: ShipmentRecord): ShipmentRecord => ({
  ...row,
  status: row.status as ShipmentStatus,
  collectionAddress: row.collectionAddress as Address,
  deliveryAddress: row.deliveryAddress as Address,
});

/**
 * The shipment, its pieces and its first event in one statement: one round trip, and on its
 * own (no claim to check) its own transaction, atomic without BEGIN and COMMIT.
 */
const INSERT_WHOLE = `WITH s AS (${INSERT_SHIPMENT}),
  p AS (
    INSERT INTO pieces (shipment_id, sequence_number, description, weight, weight_unit, length, width, height,
      dimension_unit, tracking_number)
    SELECT s.id, u.* FROM s, unnest($32::int[], $33::text[], $34::float8[], $35::text[], $36::float8[], $37::float8[],
      $38::float8[], $39::text[], $40::text[]) AS u),
  e AS (
    INSERT INTO tracking_events (shipment_id, status, description, location, signatory, signatory_file_name, latitude,
      longitude, depot_id, tracking_number, user_name, occurred_on)
    SELECT s.id, $41::text, $42::text, $43::text, $44::text, $45::text, $46::float8, $47::float8, $48::bigint, $49::text,
      $50::text, $51::bigint FROM s),
  t AS (
    INSERT INTO shipment_search_terms (term, shipment_id, created_on, piece_count, status_code)
    SELECT u.term, s.id, $3, $23, $53::smallint FROM s, unnest($52::text[]) AS u(term))
  SELECT id FROM s`;

async function insertWhole(
  db: pg.Pool | Tx,
  shipment: NewShipment,
  pieces: PieceRecord[],
  event: EventRecord,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(INSERT_WHOLE, [
    ...shipmentValues(shipment),
    pieces.map((p) => p.sequenceNumber),
    pieces.map((p) => p.description),
    pieces.map((p) => p.weight),
    pieces.map((p) => p.weightUnit),
    pieces.map((p) => p.length),
    pieces.map((p) => p.width),
    pieces.map((p) => p.height),
    pieces.map((p) => p.dimensionUnit),
    pieces.map((p) => p.trackingNumber),
    ...eventValues(0, event).slice(1),
    shipmentSearchTerms(shipment),
    statusCode(shipment.status),
  ]);
  return rows[0]!.id;
}

const CUSTOMS_ITEM_COLUMNS = `sequence_number AS "sequenceNumber", description, quantity,
  unit_value_minor AS "unitValueMinor", net_weight AS "netWeight", weight_unit AS "weightUnit", hs_code AS "hsCode",
  origin_country AS "originCountry"`;

/** The declaration and its items in one statement, inside the create's transaction. */
async function insertCustoms(tx: Tx, shipmentId: number, customs: CustomsRecord): Promise<void> {
  const items = customs.items;
  await tx.query(
    `WITH d AS (INSERT INTO customs_declarations (shipment_id, contents_type) VALUES ($1, $2))
     INSERT INTO customs_items (shipment_id, sequence_number, description, quantity, unit_value_minor, net_weight,
       weight_unit, hs_code, origin_country)
     SELECT $1, u.* FROM unnest($3::int[], $4::text[], $5::int[], $6::bigint[], $7::float8[], $8::text[], $9::text[],
       $10::text[]) AS u`,
    [
      shipmentId,
      customs.contentsType,
      items.map((i) => i.sequenceNumber),
      items.map((i) => i.description),
      items.map((i) => i.quantity),
      items.map((i) => i.unitValueMinor),
      items.map((i) => i.netWeight),
      items.map((i) => i.weightUnit),
      items.map((i) => i.hsCode),
      items.map((i) => i.originCountry),
    ],
  );
}

export function postgresShipments(pool: pg.Pool): ShipmentStore {
  const one = async (where: string, value: unknown, db: pg.Pool | Tx = pool): Promise<ShipmentRecord | undefined> => {
    const { rows } = await db.query<ShipmentRecord>(`SELECT ${SHIPMENT_COLUMNS} FROM shipments ${where}`, [value]);
    return rows[0] && toShipment(rows[0]);
  };
  /** A page's queries on one client, in one read-only snapshot: totals and rows agree while other desks write. */
  const page = (filter: ListFilter) =>
    readSnapshot(pool, (tx) =>
      listQueries<ShipmentListRecord>(async <R>(sql: string, params: Params) => {
        // The shared SQL's `?` placeholders as PostgreSQL's numbered ones; it holds no other `?`.
        let n = 0;
        const { rows } = await tx.query(
          sql.replace(/\?/g, () => `$${++n}`),
          params,
        );
        return rows as R[];
      }, LIST_COLUMNS).page(filter),
    );

  const storedKey = async (db: pg.Pool | Tx, userId: number, key: string): Promise<IdempotencyRecord | undefined> =>
    (
      await db.query<IdempotencyRecord>(
        `SELECT request_hash AS "requestHash", shipment_id AS "shipmentId", created_on AS "createdOn"
         FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
        [userId, key],
      )
    ).rows[0];

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
              const upserted = await tx.query(
                `INSERT INTO idempotency_keys AS k (user_id, key, request_hash, shipment_id, created_on)
                 VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (user_id, key) DO UPDATE SET request_hash = excluded.request_hash,
                   shipment_id = excluded.shipment_id, created_on = excluded.created_on
                 WHERE k.created_on < $6
                 RETURNING 1`,
                [claim.userId, claim.key, claim.requestHash, id, shipment.createdOn, claim.freshSince],
              );
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

    load(batch: ShipmentHistory[]) {
      return inTransaction(pool, async (tx) => {
        for (const { shipment, pieces, events } of batch) {
          const id = await insertWhole(tx, shipment, pieces, events[0]!);
          for (const event of events.slice(1)) await tx.query(INSERT_EVENT, eventValues(id, event));
        }
      });
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
          `INSERT INTO tracking_events (shipment_id, status, description, location, signatory, signatory_file_name,
             latitude, longitude, depot_id, tracking_number, user_name, occurred_on)
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
        pool.query<{ contentsType: string }>(
          'SELECT contents_type AS "contentsType" FROM customs_declarations WHERE shipment_id = $1',
          [shipmentId],
        ),
        pool.query<CustomsItemRecord>(
          `SELECT ${CUSTOMS_ITEM_COLUMNS} FROM customs_items WHERE shipment_id = $1 ORDER BY sequence_number`,
          [shipmentId],
        ),
      ]);
      const contentsType = declaration.rows[0]?.contentsType;
      return contentsType === undefined ? undefined : { contentsType, items: items.rows };
    },
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
