/**
 * End-of-day manifests over PostgreSQL. A close locks the shipments it lists (FOR UPDATE,
 * in id order): a second close at the same moment, on this desk or another, waits for
 * them, then finds them Manifested and passes them by. The link table's key on the
 * shipment makes sharing one impossible whatever happens.
 */
import type pg from 'pg';
import type { Address } from '../../core/schemas';
import type {
  CarrierDayCounts,
  ManifestClose,
  ManifestFilter,
  ManifestLine,
  ManifestRecord,
  ManifestStore,
} from '../../core/storage';
import { insertSql, selectList, values } from '../shared/columns';
import { manifestsWhere } from '../shared/manifest-queries';
import { identifiers, render, sql } from '../shared/sql';
import { manifests } from '../shared/tables/manifests';
import { inTransaction } from './pool';
import { setSearchStatus } from './search-status';

const MANIFEST_COLUMNS = selectList(manifests);
const NEW = [
  'manifestNumber',
  'carrierId',
  'createdOn',
  'createdBy',
  'shipmentCount',
  'pieceCount',
  'totalWeightKg',
] as const;
const INSERT = `${insertSql('postgres', manifests, NEW)} RETURNING ${MANIFEST_COLUMNS}`;
const encode = values('postgres', manifests, NEW);

type Waiting = {
  id: number;
  pieceCount: number;
  totalWeight: number;
  weightUnit: string;
  deliveryAddress: Address;
  referenceOne: string;
  referenceTwo: string;
  referenceThree: string;
};

export function postgresManifests(pool: pg.Pool): ManifestStore {
  return {
    close(close: ManifestClose) {
      return inTransaction(pool, async (tx): Promise<ManifestRecord | null> => {
        const params: unknown[] = [close.carrierId];
        if (close.uuids) params.push(close.uuids);
        const { rows } = await tx.query<Waiting>(
          // The address and references give each shipment's search terms, whose status code changes too.
          `SELECT id, piece_count AS "pieceCount", total_weight AS "totalWeight", weight_unit AS "weightUnit",
             delivery_address AS "deliveryAddress", reference_one AS "referenceOne", reference_two AS "referenceTwo",
             reference_three AS "referenceThree"
           FROM shipments s
           WHERE status = 'Printed' AND carrier_id = $1 ${close.uuids ? 'AND uuid = ANY($2::uuid[])' : ''}
             AND NOT EXISTS (SELECT 1 FROM manifest_shipments m WHERE m.shipment_id = s.id)
           ORDER BY id FOR UPDATE`,
          params,
        );
        if (rows.length === 0) return null;
        const totals = close.totals(rows);
        const ids = rows.map((r) => r.id);
        const serial = (await tx.query<{ n: number }>("SELECT nextval('manifest_number_seq') AS n")).rows[0]!.n;
        const inserted = await tx.query<ManifestRecord>(
          INSERT,
          encode({
            manifestNumber: close.numberFor(serial),
            carrierId: close.carrierId,
            createdOn: close.createdOn,
            createdBy: close.createdBy,
            shipmentCount: rows.length,
            pieceCount: totals.pieceCount,
            totalWeightKg: totals.totalWeightKg,
          }),
        );
        const manifest = inserted.rows[0]!;
        await tx.query(
          `INSERT INTO manifest_shipments (shipment_id, manifest_id, position)
           SELECT id, $2, position FROM unnest($1::bigint[]) WITH ORDINALITY AS u(id, position)`,
          [ids, manifest.id],
        );
        const e = close.event;
        await tx.query(
          `INSERT INTO tracking_events (shipment_id, status, description, location, signatory, signatory_file_name, latitude,
             longitude, depot_id, tracking_number, user_name, occurred_on)
           SELECT id, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 FROM unnest($1::bigint[]) AS u(id)`,
          [
            ids,
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
          ],
        );
        await tx.query(
          `UPDATE shipments SET status = $2, status_description = $3, status_on = $4, status_location = $5, status_signatory = $6
           WHERE id = ANY($1::bigint[])`,
          [ids, e.status, e.description, e.occurredOn, e.location, e.signatory],
        );
        await setSearchStatus(tx, rows, e.status);
        return manifest;
      });
    },

    byId: async (id: number) =>
      (await pool.query<ManifestRecord>(`SELECT ${MANIFEST_COLUMNS} FROM manifests WHERE id = $1`, [id])).rows[0],

    lines: async (manifestId: number): Promise<ManifestLine[]> => {
      const { rows } = await pool.query<
        Omit<ManifestLine, 'deliveryName' | 'deliveryPostcode' | 'deliveryCountry'> & { deliveryAddress: Address }
      >(
        `SELECT s.id AS "shipmentId", s.uuid, s.shipment_number AS "shipmentNumber", s.reference_one AS "referenceOne",
           s.delivery_address AS "deliveryAddress", s.piece_count AS "pieceCount", s.total_weight AS "totalWeight",
           s.weight_unit AS "weightUnit",
           ARRAY(SELECT p.tracking_number FROM pieces p WHERE p.shipment_id = s.id ORDER BY p.sequence_number) AS "trackingNumbers"
         FROM manifest_shipments m JOIN shipments s ON s.id = m.shipment_id
         WHERE m.manifest_id = $1 ORDER BY m.position`,
        [manifestId],
      );
      return rows.map(({ deliveryAddress: a, ...r }) => ({
        ...r,
        deliveryName: a.fullName || a.businessName,
        deliveryPostcode: a.postZipCode,
        deliveryCountry: a.countryTwoCharacterISOCode,
      }));
    },

    page: async (f: ManifestFilter) => {
      const clause = manifestsWhere(f);
      const page = render(
        'postgres',
        sql`SELECT ${identifiers(MANIFEST_COLUMNS)}, count(*) OVER () AS total FROM manifests ${clause}
          ORDER BY created_on DESC, id DESC LIMIT ${f.limit} OFFSET ${f.offset}`,
      );
      const { rows } = await pool.query<ManifestRecord & { total: number }>(page.text, page.params);
      const counted = render('postgres', sql`SELECT count(*) AS n FROM manifests ${clause}`);
      const total =
        rows[0]?.total ??
        (f.offset > 0 ? Number((await pool.query<{ n: number }>(counted.text, counted.params)).rows[0]!.n) : 0);
      return { total, rows: rows.map(({ total: _total, ...r }) => r) };
    },

    dayCounts: async (): Promise<CarrierDayCounts[]> =>
      (
        await pool.query<CarrierDayCounts>(
          `SELECT carrier_id AS "carrierId", count(*) FILTER (WHERE status = 'Not Printed') AS "notPrinted",
             count(*) FILTER (WHERE status = 'Printed') AS "printedWaiting"
           FROM shipments WHERE status IN ('Not Printed', 'Printed') GROUP BY carrier_id ORDER BY carrier_id`,
        )
      ).rows,
  };
}
