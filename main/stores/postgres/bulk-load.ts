/**
 * A bulk load into a PostgreSQL database with no shipments (ShipmentStore.loadAll): every
 * batch by COPY, in one transaction, with the loaded tables' keys and indexes set aside and
 * built again after the rows and the day totals counted once, as `cli migrate` moves a desk
 * in. A load killed part-way rolls back whole: the database holds none of it and its
 * indexes as they were. Other desks on the database wait on the tables' locks meanwhile.
 */
import pg from 'pg';
import { shipmentSearchTerms } from '../../core/search';
import type { ShipmentHistory } from '../../core/storage';
import { columnNames, values } from '../shared/columns';
import { statusCode } from '../shared/status-codes';
import {
  EVENT_FIELDS,
  NEW_SHIPMENT_FIELDS,
  PIECE_FIELDS,
  pieces,
  shipmentSearchTerms as searchTerms,
  shipments,
  trackingEvents,
} from '../shared/tables/shipments';
import { copyIn } from './copy-in';
import { copyLine, copyValue } from './copy-text';
import { connectionConfig } from './pool';
import { BULK_TABLES, setAsideIndexes } from './set-aside-indexes';
import { rebuildDayTotals } from './shipments';

const DAY_TOTALS_TRIGGER = 'shipment_day_totals_insert_delete';
const OUTBOX_TRIGGER = 'tracking_events_to_webhook_outbox';

// The parameters a statement would bind, as COPY text: these tables hold no booleans or arrays.
const shipmentValues = values('postgres', shipments, NEW_SHIPMENT_FIELDS);
const pieceValues = values('postgres', pieces, PIECE_FIELDS);
const eventValues = values('postgres', trackingEvents, EVENT_FIELDS);
const encoders = (n: number) => new Array(n).fill(copyValue) as (typeof copyValue)[];
const SHIPMENT = encoders(NEW_SHIPMENT_FIELDS.length);
const PIECE = encoders(PIECE_FIELDS.length);
const EVENT = encoders(EVENT_FIELDS.length);

/** FREEZE: the tables were emptied in this transaction, so the rows go in already visible to all. */
const copyInto = (client: pg.ClientBase, table: string, columns: string, lines: () => Iterable<string>) =>
  copyIn(client, `${table} (${columns})`, lines());

/** A batch's shipments with the ids taken for them, their pieces, events and search terms. */
async function copyBatch(client: pg.ClientBase, batch: ShipmentHistory[]): Promise<void> {
  const { rows } = await client.query<{ id: number }>(
    `SELECT nextval(pg_get_serial_sequence('shipments', 'id')) AS id FROM generate_series(1, $1::int)`,
    [batch.length],
  );
  const ids = rows.map((r) => r.id);
  await copyInto(client, 'shipments', columnNames(shipments, ['id', ...NEW_SHIPMENT_FIELDS]), function* () {
    for (let k = 0; k < batch.length; k++) yield `${ids[k]}\t${copyLine(shipmentValues(batch[k]!.shipment), SHIPMENT)}`;
  });
  await copyInto(client, 'pieces', columnNames(pieces, ['shipmentId', ...PIECE_FIELDS]), function* () {
    for (let k = 0; k < batch.length; k++)
      for (const piece of batch[k]!.pieces) yield `${ids[k]}\t${copyLine(pieceValues(piece), PIECE)}`;
  });
  // Without ids: the identity numbers them in this order, each shipment's events in theirs.
  await copyInto(client, 'tracking_events', columnNames(trackingEvents, ['shipmentId', ...EVENT_FIELDS]), function* () {
    for (let k = 0; k < batch.length; k++)
      for (const event of batch[k]!.events) yield `${ids[k]}\t${copyLine(eventValues(event), EVENT)}`;
  });
  await copyInto(client, 'shipment_search_terms', columnNames(searchTerms), function* () {
    for (let k = 0; k < batch.length; k++) {
      const { shipment } = batch[k]!;
      const rest = `\t${ids[k]}\t${shipment.createdOn}\t${shipment.pieceCount}\t${statusCode(shipment.status)}\n`;
      for (const term of shipmentSearchTerms(shipment)) yield copyValue(term) + rest;
    }
  });
}

/**
 * Loads `batches` by COPY if the database holds no shipments, and returns true; returns
 * false, having read no batch, if it holds some. A failure of the batches' source keeps the
 * batches written before it (indexed and counted); a failure of the database keeps none.
 */
export async function loadByCopy(url: string, batches: AsyncIterable<ShipmentHistory[]>): Promise<boolean> {
  // A client of its own: the pool's statement and read timeouts (seconds) would cancel an
  // index build that takes minutes.
  const client = new pg.Client(connectionConfig(url));
  client.on('error', () => undefined);
  await client.connect();
  try {
    let sourceFailure: unknown;
    await client.query('BEGIN');
    try {
      await client.query(
        "SET LOCAL statement_timeout = 0; SET LOCAL maintenance_work_mem = '1GB'; SET LOCAL work_mem = '256MB'",
      );
      await client.query(`LOCK TABLE ${BULK_TABLES.join(', ')}, shipment_day_totals IN ACCESS EXCLUSIVE MODE`);
      const { rows } = await client.query<{ empty: boolean; webhooks: boolean }>(
        `SELECT ${BULK_TABLES.map((t) => `NOT EXISTS (SELECT 1 FROM ${t})`).join(' AND ')} AS empty,
           EXISTS (SELECT 1 FROM webhooks) AS webhooks`,
      );
      if (!rows[0]!.empty) {
        await client.query('ROLLBACK');
        return false;
      }
      const aside = await setAsideIndexes(client, BULK_TABLES);
      await client.query(`TRUNCATE ${BULK_TABLES.join(', ')}`);
      // The day totals are counted once at the end; with no webhook, the outbox has no one to write for.
      const triggers = [['shipments', DAY_TOTALS_TRIGGER]];
      if (!rows[0]!.webhooks) triggers.push(['tracking_events', OUTBOX_TRIGGER]);
      for (const [table, trigger] of triggers) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);

      // The next batch is made while the server takes this one.
      let writing: Promise<void> = Promise.resolve();
      try {
        for await (const batch of batches) {
          await writing;
          writing = copyBatch(client, batch);
          writing.catch(() => undefined);
        }
      } catch (error) {
        sourceFailure = error;
      }
      await writing;

      for (const [table, trigger] of triggers) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
      await rebuildDayTotals(client);
      await aside.restore(() => undefined);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    // Statistics for the planner and the visibility map for index-only scans, as after migrate.
    await client.query('SET statement_timeout = 0');
    await client.query(`VACUUM ANALYZE ${BULK_TABLES.join(', ')}`);
    if (sourceFailure !== undefined) throw sourceFailure;
    return true;
  } finally {
    await client.end().catch(() => undefined);
  }
}
