/** What the bench reads from a data dir's SQLite file, on a read-only connection of its own. */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { CarrierCatalog } from '../main/core/carriers';
import { labelDataFor } from '../main/core/label-data-for';
import type { LabelData } from '../main/core/label-data';
import type { CarrierRecord, FeatureRecord, PieceRecord, ServiceRecord } from '../main/core/storage';
import { decodeAddress } from '../main/stores/sqlite/address-codec';
import { DATABASE_FILE } from '../main/stores/sqlite/database';
import { PIECE_COLUMNS, SHIPMENT_COLUMNS, toShipmentRecord } from '../main/stores/sqlite/rows';
import { searchCases, type ExactCount, type ListCase } from './service';

/** The search shapes of a data dir: a shipment from the middle of it, with an email. */
export function sqliteSearchCases(dataDir: string): ListCase[] {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
  try {
    const middle = Math.floor((db.prepare('SELECT max(id) FROM shipments').pluck().get() as number) / 2);
    const row = db
      .prepare(
        `SELECT s.shipment_number AS n, s.reference_one AS r, s.delivery_address AS a, s.delivery_postcode_key AS p,
        (SELECT tracking_number FROM pieces WHERE shipment_id = s.id ORDER BY sequence_number DESC LIMIT 1) AS t
      FROM shipments s WHERE s.id >= ? AND json_extract(s.delivery_address, '$[3]') <> '' ORDER BY s.id LIMIT 1`,
      )
      .get(middle) as { n: string; r: string; a: string; p: string; t: string };
    const address = decodeAddress(row.a);
    return searchCases({
      shipmentNumber: row.n,
      trackingNumber: row.t,
      reference: row.r,
      fullName: address.fullName,
      postcodeKey: row.p,
      email: address.emailAddress,
    });
  } finally {
    db.close();
  }
}

/** The search cases of a data dir, each counted on it (for a PostgreSQL desk holding a copy). */
export function countedSearchCases(dataDir: string): { cases: ListCase[]; close: () => void } {
  const { count, close } = sqliteCount(dataDir);
  return { cases: sqliteSearchCases(dataDir).map((c) => ({ ...c, count })), close };
}

/** Exact counts on a separate read-only connection to the data dir's SQLite file. */
export function sqliteCount(dataDir: string): { count: ExactCount; close: () => void } {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
  return {
    count: (sql, params) => Promise.resolve(db.prepare(sql).get(...params) as { items: number; pieces: number }),
    close: () => db.close(),
  };
}

/** The id of the newest shipment in `dataDir`'s database. */
export function newestId(dataDir: string): number {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
  try {
    return db.prepare<[], { id: number | null }>('SELECT max(id) AS id FROM shipments').get()!.id ?? 0;
  } finally {
    db.close();
  }
}

/**
 * The labels of the shipments created after shipment `afterId`, as the station re-renders
 * them (labelDataFor, from the stored rows), with their ids and uuids.
 */
export function createdLabels(dataDir: string, afterId: number): { id: number; uuid: string; label: LabelData }[] {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
  try {
    const catalog = new CarrierCatalog({
      carriers: db
        .prepare('SELECT id, code, name, tracking_prefix AS trackingPrefix FROM carriers')
        .all() as CarrierRecord[],
      services: db
        .prepare('SELECT id, carrier_id AS carrierId, service_code AS serviceCode, name FROM carrier_services')
        .all() as ServiceRecord[],
      features: db
        .prepare('SELECT id, carrier_id AS carrierId, name, code FROM carrier_features')
        .all() as FeatureRecord[],
    });
    const rows = db
      .prepare<[number]>(`SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE id > ? ORDER BY id`)
      .all(afterId)
      .map(toShipmentRecord);
    const pieces = db.prepare<[number], PieceRecord>(
      `SELECT ${PIECE_COLUMNS} FROM pieces WHERE shipment_id = ? ORDER BY sequence_number`,
    );
    return rows.map((shipment) => ({
      id: shipment.id,
      uuid: shipment.uuid,
      label: labelDataFor(shipment, pieces.all(shipment.id), catalog),
    }));
  } finally {
    db.close();
  }
}
