/**
 * The carrier catalog: a data file under resources/ synced into the database at start,
 * then held in memory (it is small and read on every create and list).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { CarrierRow, CarriersRepo, FeatureRow, ServiceRow } from '../store/carriers-repo';
import { notFound, validationError } from './errors';
import type { Carrier, CarrierFeature, CarrierService } from './schemas';

const CatalogFile = Type.Object({
  carriers: Type.Array(
    Type.Object({
      id: Type.Integer({ minimum: 1 }),
      code: Type.String({ minLength: 1 }),
      name: Type.String({ minLength: 1 }),
      trackingPrefix: Type.String({ pattern: '^[A-Z]{2}$' }),
      services: Type.Array(
        Type.Object({
          id: Type.Integer({ minimum: 1 }),
          serviceCode: Type.String({ minLength: 1 }),
          systemName: Type.String({ minLength: 1 }),
          name: Type.String({ minLength: 1 }),
          uniqueIdentifier: Type.String({ minLength: 36, maxLength: 36 }),
          maxWeightKg: Type.Number({ exclusiveMinimum: 0 }),
          maxLengthCm: Type.Number({ exclusiveMinimum: 0 }),
          scope: Type.Union([Type.Literal('domestic'), Type.Literal('international'), Type.Literal('both')]),
        }),
      ),
      features: Type.Array(
        Type.Object({
          id: Type.Integer({ minimum: 1 }),
          code: Type.String({ minLength: 1 }),
          name: Type.String({ minLength: 1 }),
        }),
      ),
    }),
  ),
});
type CatalogFile = Static<typeof CatalogFile>;

export function readCatalogFile(resources: string): CatalogFile {
  const path = join(resources, 'carriers.json');
  const data: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!Value.Check(CatalogFile, data)) {
    const first = Value.Errors(CatalogFile, data)[0];
    throw new Error(`${path} is not a valid carrier catalog: ${first?.instancePath} ${first?.message}`);
  }
  return data;
}

export class CarrierCatalog {
  private carriersById = new Map<number, CarrierRow>();
  private servicesById = new Map<number, ServiceRow>();
  private featuresById = new Map<number, FeatureRow>();

  constructor(private readonly repo: CarriersRepo) {
    this.reload();
  }

  /** Adds and updates what the file holds; never deletes (shipments refer to it). */
  sync(file: CatalogFile): void {
    const carriers: CarrierRow[] = [];
    const services: ServiceRow[] = [];
    const features: FeatureRow[] = [];
    for (const c of file.carriers) {
      carriers.push({ id: c.id, code: c.code, name: c.name, tracking_prefix: c.trackingPrefix });
      for (const s of c.services) {
        services.push({
          id: s.id,
          carrier_id: c.id,
          system_name: s.systemName,
          name: s.name,
          unique_identifier: s.uniqueIdentifier,
          service_code: s.serviceCode,
          max_weight_kg: s.maxWeightKg,
          max_length_cm: s.maxLengthCm,
          scope: s.scope,
        });
      }
      for (const f of c.features) features.push({ id: f.id, carrier_id: c.id, name: f.name, code: f.code });
    }
    this.repo.sync(carriers, services, features);
    this.reload();
  }

  private reload(): void {
    this.carriersById = new Map(this.repo.carriers().map((c) => [c.id, c]));
    this.servicesById = new Map(this.repo.services().map((s) => [s.id, s]));
    this.featuresById = new Map(this.repo.features().map((f) => [f.id, f]));
  }

  carrier(id: number): CarrierRow | undefined {
    return this.carriersById.get(id);
  }
  service(id: number): ServiceRow | undefined {
    return this.servicesById.get(id);
  }
  feature(id: number): FeatureRow | undefined {
    return this.featuresById.get(id);
  }
  allCarriers(): CarrierRow[] {
    return [...this.carriersById.values()];
  }

  list(): { items: Carrier[] } {
    return { items: this.allCarriers().map((c) => ({ id: c.id, name: c.name, code: c.code })) };
  }

  /** `carrierId` arrives as path text: not an integer → 400, unknown → 404 (CONTRACT §4). */
  resolveCarrierId(raw: string): CarrierRow {
    if (!/^\d{1,9}$/.test(raw)) throw validationError({ carrierId: `${raw} is not an integer carrier id` });
    const carrier = this.carrier(Number(raw));
    if (!carrier) throw notFound(`Carrier ${raw}`);
    return carrier;
  }

  services(carrierId: string): { items: CarrierService[] } {
    const carrier = this.resolveCarrierId(carrierId);
    const items = [...this.servicesById.values()]
      .filter((s) => s.carrier_id === carrier.id)
      .map((s) => ({
        id: s.id,
        systemName: s.system_name,
        name: s.name,
        uniqueIdentifier: s.unique_identifier,
        serviceCode: s.service_code,
        maxWeightKg: s.max_weight_kg,
        maxLengthCm: s.max_length_cm,
        scope: s.scope,
      }));
    return { items: items.sort((a, b) => a.id - b.id) };
  }

  features(carrierId: string): { items: CarrierFeature[] } {
    const carrier = this.resolveCarrierId(carrierId);
    const items = [...this.featuresById.values()]
      .filter((f) => f.carrier_id === carrier.id)
      .map((f) => ({ id: f.id, name: f.name, carrierFeatureCode: f.code }));
    return { items: items.sort((a, b) => a.id - b.id) };
  }
}
