/** The carrier catalog's tables over PostgreSQL. */
import type pg from 'pg';
import type { CarrierRecord, CarrierStore, FeatureRecord, ServiceRecord } from '../../core/storage';
import { inTransaction } from './pool';

/** Any fixed number ("SSCATALG"): every desk takes the same lock. */
const CATALOG_LOCK = 0x5353_4341_5441_4c47n;

export function postgresCarriers(pool: pg.Pool): CarrierStore {
  return {
    sync: (catalog) =>
      inTransaction(pool, async (tx) => {
        // Every desk syncs the same file at start, one at a time: two new rows inserted at
        // once could meet on a unique code before ON CONFLICT (id) sees them.
        await tx.query('SELECT pg_advisory_xact_lock($1)', [CATALOG_LOCK.toString()]);
        for (const c of catalog.carriers) {
          await tx.query(
            `INSERT INTO carriers (id, code, name, tracking_prefix) VALUES ($1, $2, $3, $4)
             ON CONFLICT (id) DO UPDATE SET code = excluded.code, name = excluded.name, tracking_prefix = excluded.tracking_prefix`,
            [c.id, c.code, c.name, c.trackingPrefix],
          );
        }
        for (const s of catalog.services) {
          await tx.query(
            `INSERT INTO carrier_services (id, carrier_id, system_name, name, unique_identifier, service_code,
               max_weight_kg, max_length_cm, scope)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
             ON CONFLICT (id) DO UPDATE SET carrier_id = excluded.carrier_id, system_name = excluded.system_name,
               name = excluded.name, unique_identifier = excluded.unique_identifier, service_code = excluded.service_code,
               max_weight_kg = excluded.max_weight_kg, max_length_cm = excluded.max_length_cm, scope = excluded.scope`,
            [
              s.id,
              s.carrierId,
              s.systemName,
              s.name,
              s.uniqueIdentifier,
              s.serviceCode,
              s.maxWeightKg,
              s.maxLengthCm,
              s.scope,
            ],
          );
        }
        for (const f of catalog.features) {
          await tx.query(
            `INSERT INTO carrier_features (id, carrier_id, name, code) VALUES ($1, $2, $3, $4)
             ON CONFLICT (id) DO UPDATE SET carrier_id = excluded.carrier_id, name = excluded.name, code = excluded.code`,
            [f.id, f.carrierId, f.name, f.code],
          );
        }
      }),
    async all() {
      const [carriers, services, features] = await Promise.all([
        pool.query<CarrierRecord>(
          'SELECT id, code, name, tracking_prefix AS "trackingPrefix" FROM carriers ORDER BY id',
        ),
        pool.query<ServiceRecord>(
          `SELECT id, carrier_id AS "carrierId", system_name AS "systemName", name, unique_identifier AS "uniqueIdentifier",
             service_code AS "serviceCode", max_weight_kg AS "maxWeightKg", max_length_cm AS "maxLengthCm", scope
           FROM carrier_services ORDER BY id`,
        ),
        pool.query<FeatureRecord>('SELECT id, carrier_id AS "carrierId", name, code FROM carrier_features ORDER BY id'),
      ]);
      return { carriers: carriers.rows, services: services.rows, features: features.rows };
    },
  };
}
