/** End-of-day manifests over SQLite: a close is one write of the group commit. */
import type {
  CarrierDayCounts,
  ManifestClose,
  ManifestFilter,
  ManifestLine,
  ManifestRecord,
  ManifestStore,
} from '../../core/storage';
import type { Db } from './database';
import { eventTextIds, type EventTexts } from './event-texts';
import type { GroupCommit } from './group-commit';
import type { SqliteNumbers } from './numbers';
import { columnNames, insertSql, reader, selectList, values } from '../shared/columns';
import { EVENT_FIELDS, shipments, trackingEvents } from '../shared/tables/shipments';
import { manifestsWhere } from '../shared/manifest-queries';
import { identifiers, render, sql } from '../shared/sql';
import { manifestShipments, manifests } from '../shared/tables/manifests';
import { toShipmentRecord } from './rows';
import { setSearchStatus } from './search-status';

const NEW = [
  'manifestNumber',
  'carrierId',
  'createdOn',
  'createdBy',
  'shipmentCount',
  'pieceCount',
  'totalWeightKg',
] as const;
const COLUMNS = selectList(manifests);

/** The address and references give each shipment's search terms, whose status code changes too. */
const WAITING_FIELDS = [
  'id',
  'pieceCount',
  'totalWeight',
  'weightUnit',
  'deliveryAddress',
  'referenceOne',
  'referenceTwo',
  'referenceThree',
] as const;

export function sqliteManifests(db: Db, commit: GroupCommit, numbers: SqliteNumbers, texts: EventTexts): ManifestStore {
  const WAITING = `SELECT ${selectList(shipments, WAITING_FIELDS)} FROM shipments s
    WHERE status = 'Printed' AND carrier_id = ?
      AND NOT EXISTS (SELECT 1 FROM manifest_shipments m WHERE m.shipment_id = s.id)`;
  const s = {
    waiting: db.prepare<[number]>(`${WAITING} ORDER BY id`),
    waitingOf: db.prepare<[number, string]>(`${WAITING} AND uuid IN (SELECT value FROM json_each(?)) ORDER BY id`),
    insertManifest: db.prepare(insertSql('sqlite', manifests, NEW)),
    link: db.prepare(insertSql('sqlite', manifestShipments)),
    // One event per listed shipment, and the status columns moved to it, set-wise: a day of
    // two thousand shipments is two statements, not four thousand.
    insertEvents: db.prepare(
      `INSERT INTO tracking_events (${columnNames(trackingEvents, ['shipmentId', ...EVENT_FIELDS])})
       SELECT shipment_id, ${EVENT_FIELDS.map(() => '?').join(', ')}
       FROM manifest_shipments WHERE manifest_id = ? ORDER BY position`,
    ),
    setStatus: db.prepare<[string, string, number, string, string, number]>(
      `UPDATE shipments SET status = ?, status_description = ?, status_on = ?, status_location = ?, status_signatory = ?
       WHERE id IN (SELECT shipment_id FROM manifest_shipments WHERE manifest_id = ?)`,
    ),
    byId: db.prepare<[number], ManifestRecord>(`SELECT ${COLUMNS} FROM manifests WHERE id = ?`),
    lines: db.prepare<[number]>(
      `SELECT ${selectList(shipments, undefined, 's')} FROM manifest_shipments m JOIN shipments s ON s.id = m.shipment_id
       WHERE m.manifest_id = ? ORDER BY m.position`,
    ),
    tracking: db.prepare<[number], { shipment_id: number; tracking_number: string }>(
      `SELECT p.shipment_id, p.tracking_number FROM manifest_shipments m JOIN pieces p ON p.shipment_id = m.shipment_id
       WHERE m.manifest_id = ? ORDER BY m.position, p.sequence_number`,
    ),
    dayCounts: db.prepare<[], { carrier_id: number; not_printed: number; printed: number }>(
      `SELECT carrier_id, sum(status = 'Not Printed') AS not_printed, sum(status = 'Printed') AS printed
       FROM shipments WHERE status IN ('Not Printed', 'Printed') GROUP BY carrier_id ORDER BY carrier_id`,
    ),
  };

  const encode = values('sqlite', manifests, NEW);
  const link = values('sqlite', manifestShipments);
  const eventValues = values('sqlite', trackingEvents, EVENT_FIELDS, eventTextIds(texts));
  const toWaiting = reader('sqlite', shipments, WAITING_FIELDS);

  return {
    close(close: ManifestClose) {
      return commit((): ManifestRecord | null => {
        const rows = (
          close.uuids ? s.waitingOf.all(close.carrierId, JSON.stringify(close.uuids)) : s.waiting.all(close.carrierId)
        ).map(toWaiting);
        if (rows.length === 0) return null;
        const totals = close.totals(rows);
        // Reserved here, inside the write: written by this same transaction (group-commit's beforeCommit).
        const serial = numbers.reserve('manifest-number', 1);
        const manifest = {
          manifestNumber: close.numberFor(serial),
          carrierId: close.carrierId,
          createdOn: close.createdOn,
          createdBy: close.createdBy,
          shipmentCount: rows.length,
          pieceCount: totals.pieceCount,
          totalWeightKg: totals.totalWeightKg,
        };
        const id = Number(s.insertManifest.run(...encode(manifest)).lastInsertRowid);
        rows.forEach((r, i) => s.link.run(...link({ shipmentId: r.id, manifestId: id, position: i + 1 })));
        const e = close.event;
        s.insertEvents.run(...eventValues(e), id);
        s.setStatus.run(e.status, e.description, e.occurredOn, e.location, e.signatory, id);

        setSearchStatus(db, rows, close.event.status);
        return { id, ...manifest };
      });
    },
    byId: async (id: number) => s.byId.get(id),
    lines: async (manifestId: number): Promise<ManifestLine[]> => {
      const tracking = new Map<number, string[]>();
      for (const t of s.tracking.all(manifestId)) {
        const list = tracking.get(t.shipment_id) ?? [];
        list.push(t.tracking_number);
        tracking.set(t.shipment_id, list);
      }
      return s.lines.all(manifestId).map((row) => {
        const r = toShipmentRecord(row);
        return {
          shipmentId: r.id,
          uuid: r.uuid,
          shipmentNumber: r.shipmentNumber,
          referenceOne: r.referenceOne,
          deliveryName: r.deliveryAddress.fullName || r.deliveryAddress.businessName,
          deliveryPostcode: r.deliveryAddress.postZipCode,
          deliveryCountry: r.deliveryAddress.countryTwoCharacterISOCode,
          pieceCount: r.pieceCount,
          totalWeight: r.totalWeight,
          weightUnit: r.weightUnit,
          trackingNumbers: tracking.get(r.id) ?? [],
        };
      });
    },
    page: async (filter: ManifestFilter) => {
      const clause = manifestsWhere(filter);
      const counted = render('sqlite', sql`SELECT count(*) AS n FROM manifests ${clause}`);
      const page = render(
        'sqlite',
        sql`SELECT ${identifiers(COLUMNS)} FROM manifests ${clause} ORDER BY created_on DESC, id DESC
          LIMIT ${filter.limit} OFFSET ${filter.offset}`,
      );
      const total = (db.prepare(counted.text).get(...counted.params) as { n: number }).n;
      return { total, rows: db.prepare(page.text).all(...page.params) as ManifestRecord[] };
    },
    dayCounts: async (): Promise<CarrierDayCounts[]> =>
      s.dayCounts.all().map((r) => ({ carrierId: r.carrier_id, notPrinted: r.not_printed, printedWaiting: r.printed })),
  };
}
