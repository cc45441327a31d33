import type { Db } from './database';

export interface CarrierRow {
  id: number;
  code: string;
  name: string;
  tracking_prefix: string;
}
export interface ServiceRow {
  id: number;
  carrier_id: number;
  system_name: string;
  name: string;
  unique_identifier: string;
  service_code: string;
  max_weight_kg: number;
  max_length_cm: number;
  scope: 'domestic' | 'international' | 'both';
}
export interface FeatureRow {
  id: number;
  carrier_id: number;
  name: string;
  code: string;
}

export function carriersRepo(db: Db) {
  const upsertCarrier = db.prepare<CarrierRow>(
    `INSERT INTO carriers (id, code, name, tracking_prefix) VALUES (@id, @code, @name, @tracking_prefix)
     ON CONFLICT (id) DO UPDATE SET code = excluded.code, name = excluded.name,
       tracking_prefix = excluded.tracking_prefix`,
  );
  const upsertService = db.prepare<ServiceRow>(
    `INSERT INTO carrier_services (id, carrier_id, system_name, name, unique_identifier, service_code,
       max_weight_kg, max_length_cm, scope)
     VALUES (@id, @carrier_id, @system_name, @name, @unique_identifier, @service_code,
       @max_weight_kg, @max_length_cm, @scope)
     ON CONFLICT (id) DO UPDATE SET carrier_id = excluded.carrier_id, system_name = excluded.system_name,
       name = excluded.name, unique_identifier = excluded.unique_identifier,
       service_code = excluded.service_code, max_weight_kg = excluded.max_weight_kg,
       max_length_cm = excluded.max_length_cm, scope = excluded.scope`,
  );
  const upsertFeature = db.prepare<FeatureRow>(
    `INSERT INTO carrier_features (id, carrier_id, name, code) VALUES (@id, @carrier_id, @name, @code)
     ON CONFLICT (id) DO UPDATE SET carrier_id = excluded.carrier_id, name = excluded.name,
       code = excluded.code`,
  );
  const allCarriers = db.prepare<[], CarrierRow>('SELECT * FROM carriers ORDER BY id');
  const allServices = db.prepare<[], ServiceRow>('SELECT * FROM carrier_services ORDER BY id');
  const allFeatures = db.prepare<[], FeatureRow>('SELECT * FROM carrier_features ORDER BY id');

  return {
    sync: db.transaction(
      (carriers: CarrierRow[], services: ServiceRow[], features: FeatureRow[]) => {
        for (const c of carriers) upsertCarrier.run(c);
        for (const s of services) upsertService.run(s);
        for (const f of features) upsertFeature.run(f);
      },
    ),
    carriers: () => allCarriers.all(),
    services: () => allServices.all(),
    features: () => allFeatures.all(),
  };
}
export type CarriersRepo = ReturnType<typeof carriersRepo>;
