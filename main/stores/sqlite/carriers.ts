/** The carrier catalog's tables over SQLite. */
import type { CarrierRecord, CarrierStore, CatalogRecords, FeatureRecord, ServiceRecord } from '../../core/storage';
import type { Db } from './database';

export function sqliteCarriers(db: Db): CarrierStore {
  const upsertCarrier = db.prepare<CarrierRecord>(
    `INSERT INTO carriers (id, code, name, tracking_prefix) VALUES (@id, @code, @name, @trackingPrefix)
     ON CONFLICT (id) DO UPDATE SET code = excluded.code, name = excluded.name,
       tracking_prefix = excluded.tracking_prefix`,
  );
  const upsertService = db.prepare<ServiceRecord>(
    `INSERT INTO carrier_services (id, carrier_id, system_name, name, unique_identifier, service_code,
       max_weight_kg, max_length_cm, scope)
     VALUES (@id, @carrierId, @systemName, @name, @uniqueIdentifier, @serviceCode,
       @maxWeightKg, @maxLengthCm, @scope)
     ON CONFLICT (id) DO UPDATE SET carrier_id = excluded.carrier_id, system_name = excluded.system_name,
       name = excluded.name, unique_identifier = excluded.unique_identifier,
       service_code = excluded.service_code, max_weight_kg = excluded.max_weight_kg,
       max_length_cm = excluded.max_length_cm, scope = excluded.scope`,
  );
  const upsertFeature = db.prepare<FeatureRecord>(
    `INSERT INTO carrier_features (id, carrier_id, name, code) VALUES (@id, @carrierId, @name, @code)
     ON CONFLICT (id) DO UPDATE SET carrier_id = excluded.carrier_id, name = excluded.name,
       code = excluded.code`,
  );
  const carriers = db.prepare<[], CarrierRecord>(
    'SELECT id, code, name, tracking_prefix AS trackingPrefix FROM carriers ORDER BY id',
  );
  const services = db.prepare<[], ServiceRecord>(
    `SELECT id, carrier_id AS carrierId, system_name AS systemName, name, unique_identifier AS uniqueIdentifier,
       service_code AS serviceCode, max_weight_kg AS maxWeightKg, max_length_cm AS maxLengthCm, scope
     FROM carrier_services ORDER BY id`,
  );
  const features = db.prepare<[], FeatureRecord>(
    'SELECT id, carrier_id AS carrierId, name, code FROM carrier_features ORDER BY id',
  );
  const sync = db.transaction((catalog: CatalogRecords) => {
    for (const c of catalog.carriers) upsertCarrier.run(c);
    for (const s of catalog.services) upsertService.run(s);
    for (const f of catalog.features) upsertFeature.run(f);
  });
  return {
    sync: async (catalog) => {
      sync.immediate(catalog);
    },
    all: async () => ({ carriers: carriers.all(), services: services.all(), features: features.all() }),
  };
}
