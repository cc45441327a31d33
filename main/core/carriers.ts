/**
 * The carrier catalog: a data file under resources/ synced into the database at start,
 * then held in memory (it is small and read on every create and list).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { notFound } from './errors';
import type { Carrier, CarrierFeature, CarrierService } from './schemas';
import type { CarrierRecord, CarrierStore, CatalogRecords, FeatureRecord, ServiceRecord } from './storage';

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
          /** Carries returns only (docs/contract.md §23): never offered for an outbound create. */
          isReturn: Type.Optional(Type.Boolean()),
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
  private readonly carriersById: Map<number, CarrierRecord>;
  private readonly servicesById: Map<number, ServiceRecord>;
  private readonly featuresById: Map<number, FeatureRecord>;

  constructor(records: CatalogRecords) {
    this.carriersById = new Map(records.carriers.map((c) => [c.id, c]));
    this.servicesById = new Map(records.services.map((s) => [s.id, s]));
    this.featuresById = new Map(records.features.map((f) => [f.id, f]));
  }

  /** Adds and updates what the file holds (never deletes: shipments refer to it), then holds all of it. */
  static async load(store: CarrierStore, file: CatalogFile): Promise<CarrierCatalog> {
    await store.sync(catalogRecords(file));
    return new CarrierCatalog(await store.all());
  }

  carrier(id: number): CarrierRecord | undefined {
    return this.carriersById.get(id);
  }
  service(id: number): ServiceRecord | undefined {
    return this.servicesById.get(id);
  }
  feature(id: number): FeatureRecord | undefined {
    return this.featuresById.get(id);
  }
  allCarriers(): CarrierRecord[] {
    return [...this.carriersById.values()];
  }

  list(): { items: Carrier[] } {
    return { items: this.allCarriers().map((c) => ({ id: c.id, name: c.name, code: c.code })) };
  }

  /** A carrier by id, or 404 (docs/contract.md §4). */
  private existing(carrierId: number): CarrierRecord {
    const carrier = this.carrier(carrierId);
    if (!carrier) throw notFound(`Carrier ${carrierId}`);
    return carrier;
  }

  services(carrierId: number): { items: CarrierService[] } {
    const carrier = this.existing(carrierId);
    const items = [...this.servicesById.values()]
      .filter((s) => s.carrierId === carrier.id)
      .map(({ carrierId: _, ...service }) => service);
    return { items: items.sort((a, b) => a.id - b.id) };
  }

  /**
   * The carrier's return services that carry between these countries (docs/contract.md §23), by
   * id: a service for this route first, one for both kinds of route after.
   */
  returnServices(carrierId: number, international: boolean): ServiceRecord[] {
    const scope = international ? 'international' : 'domestic';
    return [...this.servicesById.values()]
      .filter((s) => s.carrierId === carrierId && s.isReturn && (s.scope === scope || s.scope === 'both'))
      .sort((a, b) => (a.scope === b.scope ? a.id - b.id : a.scope === 'both' ? 1 : -1));
  }

  features(carrierId: number): { items: CarrierFeature[] } {
    const carrier = this.existing(carrierId);
    const items = [...this.featuresById.values()]
      .filter((f) => f.carrierId === carrier.id)
      .map((f) => ({ id: f.id, name: f.name, carrierFeatureCode: f.code }));
    return { items: items.sort((a, b) => a.id - b.id) };
  }
}

function catalogRecords(file: CatalogFile): CatalogRecords {
  const records: CatalogRecords = { carriers: [], services: [], features: [] };
  for (const { services, features, ...carrier } of file.carriers) {
    records.carriers.push(carrier);
    for (const service of services)
      records.services.push({ ...service, isReturn: service.isReturn ?? false, carrierId: carrier.id });
    for (const feature of features) records.features.push({ ...feature, carrierId: carrier.id });
  }
  return records;
}
