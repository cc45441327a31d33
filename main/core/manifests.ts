/**
 * End-of-day manifests (docs/contract.md §13): closing a carrier's day moves its Printed
 * shipments to Manifested on one new manifest, and the driver signs a printed copy.
 */
import { dateRangeInput, iso } from './dates';
import type { CarrierCatalog } from './carriers';
import { FieldErrors, conflict, notFound } from './errors';
import type {
  CreateManifestRequest,
  EndOfDay,
  ListManifestsQuery,
  Manifest,
  ManifestList,
  ManifestSummary,
  WeightUnit,
} from './schemas';
import type { Caller } from './shipments';
import type { ManifestLine, ManifestRecord, ManifestStore } from './storage';
import { round3, toKg } from './units';
import { stationEvent } from './statuses';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the driver's copy shows; laid out by a renderer that knows nothing of shipments. */
export interface ManifestDocument {
  manifestNumber: string;
  carrier: string;
  createdOn: number;
  createdBy: string;
  shipmentCount: number;
  pieceCount: number;
  totalWeightKg: number;
  lines: {
    shipmentNumber: string;
    reference: string;
    deliveryName: string;
    deliveryPostcode: string;
    deliveryCountry: string;
    pieceCount: number;
    weightKg: number;
    trackingNumbers: string[];
  }[];
}

export interface ManifestRenderer {
  render(manifest: ManifestDocument): Promise<Buffer>;
}

export const manifestNumber = (serial: number): string => `MF${String(serial).padStart(8, '0')}`;

const weightKg = (weight: number, unit: string): number => round3(toKg(weight, unit as WeightUnit));

export class ManifestService {
  constructor(
    private readonly repo: ManifestStore,
    private readonly catalog: CarrierCatalog,
    private readonly renderer: ManifestRenderer,
    private readonly now: () => number,
  ) {}

  async close(request: CreateManifestRequest, caller: Caller): Promise<Manifest> {
    const errors = new FieldErrors();
    const carrier = this.catalog.carrier(request.carrierId);
    if (!carrier) errors.add('carrierId', `${request.carrierId} is not a carrier of this station`);
    request.shipmentIds?.forEach((id, i) => {
      if (!UUID.test(id)) errors.add(`shipmentIds[${i}]`, `${id} is not a UUID`);
    });
    errors.throwIfAny();
    const now = this.now();
    const event = stationEvent('Manifested', 'Listed on a manifest', caller.username, now);
    const record = await this.repo.close({
      carrierId: carrier!.id,
      ...(request.shipmentIds ? { uuids: [...new Set(request.shipmentIds.map((id) => id.toLowerCase()))] } : {}),
      createdOn: now,
      createdBy: caller.username,
      event,
      numberFor: manifestNumber,
      totals: (shipments) => ({
        pieceCount: shipments.reduce((sum, s) => sum + s.pieceCount, 0),
        totalWeightKg: round3(shipments.reduce((sum, s) => sum + weightKg(s.totalWeight, s.weightUnit), 0)),
      }),
    });
    if (!record) {
      throw conflict(
        request.shipmentIds
          ? `None of these shipments is a Printed ${carrier!.name} shipment waiting for a manifest.`
          : `No Printed ${carrier!.name} shipment is waiting for a manifest.`,
      );
    }
    return this.manifest(record);
  }

  async view(manifestId: number): Promise<Manifest> {
    const record = await this.repo.byId(manifestId);
    if (!record) throw notFound(`Manifest ${manifestId}`);
    return this.manifest(record);
  }

  async list(query: ListManifestsQuery): Promise<ManifestList> {
    const errors = new FieldErrors();
    const { from, to } = dateRangeInput(query, errors);
    errors.throwIfAny();
    const limit = query.ItemsPerPage ?? 100;
    const { total, rows } = await this.repo.page({
      carrierId: query.carrierId ?? null,
      from,
      to,
      limit,
      offset: ((query.Page ?? 1) - 1) * limit,
    });
    return { totalItems: total, items: rows.map((r) => this.summary(r)) };
  }

  async endOfDay(): Promise<EndOfDay> {
    const counts = new Map((await this.repo.dayCounts()).map((c) => [c.carrierId, c]));
    return {
      items: this.catalog.allCarriers().map((c) => ({
        carrierId: c.id,
        carrier: c.name,
        printedWaiting: counts.get(c.id)?.printedWaiting ?? 0,
        notPrinted: counts.get(c.id)?.notPrinted ?? 0,
      })),
    };
  }

  private summary(r: ManifestRecord): ManifestSummary {
    return {
      id: r.id,
      manifestNumber: r.manifestNumber,
      carrierId: r.carrierId,
      carrier: this.catalog.carrier(r.carrierId)?.name ?? '',
      createdOn: iso(r.createdOn),
      createdBy: r.createdBy,
      shipmentCount: r.shipmentCount,
      pieceCount: r.pieceCount,
      totalWeightKg: r.totalWeightKg,
    };
  }

  private async manifest(record: ManifestRecord): Promise<Manifest> {
    const summary = this.summary(record);
    const lines = (await this.repo.lines(record.id)).map(documentLine);
    const pdf = await this.renderer.render({
      manifestNumber: record.manifestNumber,
      carrier: summary.carrier,
      createdOn: record.createdOn,
      createdBy: record.createdBy,
      shipmentCount: record.shipmentCount,
      pieceCount: record.pieceCount,
      totalWeightKg: record.totalWeightKg,
      lines: lines.map((l) => l.document),
    });
    return {
      ...summary,
      shipments: lines.map((l) => l.api),
      format: 'pdf',
      base64String: pdf.toString('base64'),
    };
  }
}

function documentLine(l: ManifestLine) {
  const kg = weightKg(l.totalWeight, l.weightUnit);
  return {
    api: {
      shipmentId: l.uuid,
      shipmentNumber: l.shipmentNumber,
      reference: l.referenceOne,
      deliveryName: l.deliveryName,
      deliveryPostZipCode: l.deliveryPostcode,
      deliveryCountry: l.deliveryCountry,
      pieces: l.pieceCount,
      weightKg: kg,
      trackingNumbers: l.trackingNumbers,
    },
    document: {
      shipmentNumber: l.shipmentNumber,
      reference: l.referenceOne,
      deliveryName: l.deliveryName,
      deliveryPostcode: l.deliveryPostcode,
      deliveryCountry: l.deliveryCountry,
      pieceCount: l.pieceCount,
      weightKg: kg,
      trackingNumbers: l.trackingNumbers,
    },
  };
}
