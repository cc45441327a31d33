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
import type { GroupCommit } from './group-commit';
import type { SqliteNumbers } from './numbers';
import { decodeAddress } from './address-codec';
import { eventRow, toShipmentRecord, type ShipmentRow } from './rows';
import { setSearchStatus } from './search-status';

interface ManifestRow {
  id: number;
  manifest_number: string;
  carrier_id: number;
  created_on: number;
  created_by: string;
  shipment_count: number;
  piece_count: number;
  total_weight_kg: number;
}

const toRecord = (r: ManifestRow): ManifestRecord => ({
  id: r.id,
  manifestNumber: r.manifest_number,
  carrierId: r.carrier_id,
  createdOn: r.created_on,
  createdBy: r.created_by,
  shipmentCount: r.shipment_count,
  pieceCount: r.piece_count,
  totalWeightKg: r.total_weight_kg,
});

type Waiting = {
  id: number;
  piece_count: number;
  total_weight: number;
  weight_unit: string;
  delivery_address: string;
  reference_one: string;
  reference_two: string;
  reference_three: string;
};

export function sqliteManifests(db: Db, commit: GroupCommit, numbers: SqliteNumbers): ManifestStore {
  // The address and references give each shipment's search terms, whose status code changes too.
  const WAITING = `SELECT id, piece_count, total_weight, weight_unit, delivery_address, reference_one, reference_two,
      reference_three FROM shipments s
    WHERE status = 'Printed' AND carrier_id = ?
      AND NOT EXISTS (SELECT 1 FROM manifest_shipments m WHERE m.shipment_id = s.id)`;
  const s = {
    waiting: db.prepare<[number], Waiting>(`${WAITING} ORDER BY id`),
    waitingOf: db.prepare<[number, string], Waiting>(
      `${WAITING} AND uuid IN (SELECT value FROM json_each(?)) ORDER BY id`,
    ),
    insertManifest: db.prepare<Omit<ManifestRow, 'id'>>(
      `INSERT INTO manifests (manifest_number, carrier_id, created_on, created_by, shipment_count, piece_count, total_weight_kg)
       VALUES (@manifest_number, @carrier_id, @created_on, @created_by, @shipment_count, @piece_count, @total_weight_kg)`,
    ),
    link: db.prepare<[number, number, number]>(
      'INSERT INTO manifest_shipments (shipment_id, manifest_id, position) VALUES (?, ?, ?)',
    ),
    // One event per listed shipment, and the status columns moved to it, set-wise: a day of
    // two thousand shipments is two statements, not four thousand.
    insertEvents: db.prepare(
      `INSERT INTO tracking_events (shipment_id, status, description, location, signatory, signatory_file_name,
         latitude, longitude, depot_id, tracking_number, user, occurred_on)
       SELECT shipment_id, @status, @description, @location, @signatory, @signatory_file_name, @latitude, @longitude,
         @depot_id, @tracking_number, @user, @occurred_on
       FROM manifest_shipments WHERE manifest_id = @manifest_id ORDER BY position`,
    ),
    setStatus: db.prepare(
      `UPDATE shipments SET status = @status, status_description = @description, status_on = @occurred_on,
         status_location = @location, status_signatory = @signatory
       WHERE id IN (SELECT shipment_id FROM manifest_shipments WHERE manifest_id = @manifest_id)`,
    ),
    byId: db.prepare<[number], ManifestRow>('SELECT * FROM manifests WHERE id = ?'),
    lines: db.prepare<[number], ShipmentRow>(
      `SELECT s.* FROM manifest_shipments m JOIN shipments s ON s.id = m.shipment_id
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

  const where = (f: ManifestFilter): [string, unknown[]] => {
    const conditions: [string, number | null][] = [
      ['carrier_id = ?', f.carrierId],
      ['created_on >= ?', f.from],
      ['created_on <= ?', f.to],
    ];
    const used = conditions.filter(([, value]) => value !== null);
    return [used.length ? `WHERE ${used.map(([sql]) => sql).join(' AND ')}` : '', used.map(([, value]) => value)];
  };

  return {
    close(close: ManifestClose) {
      return commit((): ManifestRecord | null => {
        const rows = close.uuids
          ? s.waitingOf.all(close.carrierId, JSON.stringify(close.uuids))
          : s.waiting.all(close.carrierId);
        if (rows.length === 0) return null;
        const totals = close.totals(
          rows.map((r) => ({ pieceCount: r.piece_count, totalWeight: r.total_weight, weightUnit: r.weight_unit })),
        );
        // Reserved here, inside the write: written by this same transaction (group-commit's beforeCommit).
        const serial = numbers.reserve('manifest-number', 1);
        const row: Omit<ManifestRow, 'id'> = {
          manifest_number: close.numberFor(serial),
          carrier_id: close.carrierId,
          created_on: close.createdOn,
          created_by: close.createdBy,
          shipment_count: rows.length,
          piece_count: totals.pieceCount,
          total_weight_kg: totals.totalWeightKg,
        };
        const id = Number(s.insertManifest.run(row).lastInsertRowid);
        rows.forEach((r, i) => s.link.run(r.id, id, i + 1));
        const event = { ...eventRow(0, close.event), manifest_id: id };
        s.insertEvents.run(event);
        s.setStatus.run(event);
        const listed = rows.map((r) => ({
          id: r.id,
          deliveryAddress: decodeAddress(r.delivery_address),
          referenceOne: r.reference_one,
          referenceTwo: r.reference_two,
          referenceThree: r.reference_three,
        }));
        setSearchStatus(db, listed, close.event.status);
        return { ...toRecord({ id, ...row }) };
      });
    },
    byId: async (id: number) => {
      const row = s.byId.get(id);
      return row && toRecord(row);
    },
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
      const [clause, params] = where(filter);
      const total = (db.prepare(`SELECT count(*) AS n FROM manifests ${clause}`).get(...params) as { n: number }).n;
      const rows = db
        .prepare(`SELECT * FROM manifests ${clause} ORDER BY created_on DESC, id DESC LIMIT ? OFFSET ?`)
        .all(...params, filter.limit, filter.offset) as ManifestRow[];
      return { total, rows: rows.map(toRecord) };
    },
    dayCounts: async (): Promise<CarrierDayCounts[]> =>
      s.dayCounts.all().map((r) => ({ carrierId: r.carrier_id, notPrinted: r.not_printed, printedWaiting: r.printed })),
  };
}
