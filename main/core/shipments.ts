/**
 * The shipping service proper: create, list, view, label, cancel, carrier scans and
 * tracking (CONTRACT §5–§8). Doors call these methods; nothing here knows about HTTP.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { CarrierCatalog } from './carriers';
import { DAY_MS, iso, parseDateInput } from './dates';
import { FieldErrors, ProblemError, conflict, notFound, validationError } from './errors';
import { labelDataFor, pieceFromRow } from './label-data-for';
import type { LabelData, LabelOptions } from './labels/label-data';
import { fromMinorUnits } from './money';
import { postCodeKey } from './postcodes';
import { SlidingWindowLimiter } from './rate-limiter';
import { isValidTrackingNumber, makeTrackingNumber } from './s10';
import {
  STATUSES,
  type CarrierEventRequest,
  type CreateShipmentRequest,
  type CreateShipmentResponse,
  type LabelResponse,
  type LabelSize,
  type ListShipmentsQuery,
  type ShipmentDetail,
  type ShipmentList,
  type ShipmentStatus,
  type TrackingResponse,
  type TrackingStatus,
} from './schemas';
import { CANCELLABLE_STATUSES, INITIAL_STATUS, canTransition, isScanStatus, isStatus } from './statuses';
import { convertWeight, round3 } from './units';
import { deliveryLine, shipperName, validateShipment, type ValidShipment } from './validate-shipment';
import { decodeAddress, encodeAddress } from '../store/address-codec';
import type { EventRow, ListFilter, NewEventRow, PieceRow, ShipmentRow, ShipmentsRepo } from '../store/shipments-repo';

export interface LabelRenderer {
  render(data: LabelData, options: LabelOptions): Promise<Buffer>;
}

export interface Caller {
  /** Username recorded on tracking events; `system` for the station's own events. */
  username: string;
  userId: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHIPMENT_NUMBER = /^SS\d{8}$/;
const IDEMPOTENCY_WINDOW_MS = DAY_MS;
const MAX_SERIAL = 99_999_999;

/** Stable JSON (sorted keys), so that the same body in another key order is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function eventFor(row: Pick<ShipmentRow, 'id'>, status: ShipmentStatus, description: string, user: string, at: number): NewEventRow {
  return {
    shipment_id: row.id,
    status,
    description,
    location: '',
    signatory: '',
    signatory_file_name: '',
    latitude: null,
    longitude: null,
    depot_id: null,
    tracking_number: '',
    user,
    occurred_on: at,
  };
}

export class ShipmentService {
  /** CONTRACT §8: the public tracking view is limited to 60 requests a minute per client. */
  private readonly publicTrackingLimiter: SlidingWindowLimiter;

  constructor(
    private readonly repo: ShipmentsRepo,
    private readonly catalog: CarrierCatalog,
    private readonly labels: LabelRenderer,
    private readonly defaultLabelSize: () => LabelSize,
    private readonly now: () => number,
  ) {
    this.publicTrackingLimiter = new SlidingWindowLimiter(60, 60_000, now);
  }

  // ------------------------------------------------------------ create

  async create(
    request: CreateShipmentRequest,
    caller: Caller,
    idempotencyKey?: string,
  ): Promise<CreateShipmentResponse> {
    const now = this.now();
    const valid = validateShipment(request, this.catalog, now);
    // The body's hash is needed only to hold a retry to the same request.
    const idempotency =
      idempotencyKey === undefined
        ? undefined
        : { key: idempotencyKey, hash: createHash('sha256').update(canonicalJson(request)).digest() };
    if (idempotency) {
      const previous = this.replayOf(caller.userId, idempotency.key, idempotency.hash, now);
      if (previous !== undefined) return this.createdResponse(previous);
    }

    const { shipmentNumber, trackingNumbers } = this.allocateNumbers(valid);
    const row: Omit<ShipmentRow, 'id'> = this.shipmentRow(valid, shipmentNumber, caller, now);
    const pieces = valid.pieces.map((p, i) => ({
      shipment_id: 0,
      sequence_number: p.sequenceNumber,
      description: p.description,
      weight: p.weight,
      weight_unit: p.weightUnit,
      length: p.length,
      width: p.width,
      height: p.height,
      dimension_unit: p.dimensionUnit,
      tracking_number: trackingNumbers[i]!,
    }));
    // Labels are rendered before anything is written: if rendering fails nothing is stored
    // (the reserved numbers are simply never used, as a sequence must not hand them out twice).
    const labels = await this.pieceLabels({ ...row, id: 0 }, pieces);

    const outcome = await this.repo.groupCommit(() => {
      if (idempotency) {
        // A concurrent retry with the same key may have committed while we rendered.
        const previous = this.replayOf(caller.userId, idempotency.key, idempotency.hash, now);
        if (previous !== undefined) return { replayOf: previous } as const;
      }
      const id = this.repo.insertShipment(row);
      for (const piece of pieces) this.repo.insertPiece({ ...piece, shipment_id: id });
      this.repo.insertEvent(eventFor({ id }, INITIAL_STATUS, 'Shipment created', caller.username, now));
      if (idempotency) {
        this.repo.insertIdempotency(caller.userId, idempotency.key, idempotency.hash, id, now);
        // Keys that expired since the last keyed create, found by index: the table holds
        // about a day of keys however long the station runs between restarts.
        this.repo.deleteIdempotencyBefore(now - IDEMPOTENCY_WINDOW_MS);
      }
      return { replayOf: undefined };
    });
    if (outcome.replayOf !== undefined) return this.createdResponse(outcome.replayOf);
    return createResponse(row, pieces, labels);
  }

  private allocateNumbers(valid: ValidShipment): { shipmentNumber: string; trackingNumbers: string[] } {
    const prefix = valid.carrier.tracking_prefix;
    const count = valid.pieces.length;
    // Reserved in memory; the create's own commit stores them (shipments-repo.ts).
    const shipmentSerial = this.repo.allocate('shipment-number', 1);
    const firstSerial = this.repo.allocate(`tracking-serial:${prefix}`, count);
    if (shipmentSerial > MAX_SERIAL || firstSerial + count - 1 > MAX_SERIAL) {
      throw new ProblemError('conflict', `The number range of carrier ${valid.carrier.name} is used up.`);
    }
    const country = valid.collectionAddress.countryTwoCharacterISOCode;
    return {
      shipmentNumber: `SS${String(shipmentSerial).padStart(8, '0')}`,
      trackingNumbers: Array.from({ length: count }, (_, i) => makeTrackingNumber(prefix, firstSerial + i, country)),
    };
  }

  private shipmentRow(valid: ValidShipment, shipmentNumber: string, caller: Caller, now: number): Omit<ShipmentRow, 'id'> {
    const unit = valid.pieces[0]!.weightUnit;
    const totalWeight = round3(valid.pieces.reduce((sum, p) => sum + convertWeight(p.weight, p.weightUnit, unit), 0));
    return {
      uuid: randomUUID(),
      shipment_number: shipmentNumber,
      created_on: now,
      despatch_date: valid.despatchDate,
      carrier_id: valid.carrier.id,
      carrier_service_id: valid.service.id,
      features: JSON.stringify(valid.features),
      collection_address: encodeAddress(valid.collectionAddress),
      delivery_address: encodeAddress(valid.deliveryAddress),
      shipper: shipperName(valid.collectionAddress),
      delivery_line: deliveryLine(valid.deliveryAddress),
      delivery_postcode_key: postCodeKey(valid.deliveryAddress.postZipCode),
      goods_description: valid.goodsDescription,
      delivery_instructions: valid.deliveryInstructions,
      hs_code: valid.hsCode,
      description_of_goods: valid.descriptionOfGoods,
      reference_one: valid.referenceOne,
      reference_two: valid.referenceTwo,
      reference_three: valid.referenceThree,
      cost_minor: valid.costMinor,
      insured_minor: valid.insuredMinor,
      currency: valid.currency,
      piece_count: valid.pieces.length,
      total_weight: totalWeight,
      weight_unit: unit,
      status: INITIAL_STATUS,
      status_description: 'Shipment created',
      status_on: now,
      status_location: '',
      status_signatory: '',
      created_by: caller.userId,
    };
  }

  /** The shipment a retry with this key created, if the key is fresh and the body the same. */
  private replayOf(userId: number, key: string, requestHash: Buffer, now: number): number | undefined {
    const previous = this.repo.idempotency(userId, key);
    if (!previous || previous.created_on < now - IDEMPOTENCY_WINDOW_MS) return undefined;
    if (!previous.request_hash.equals(requestHash)) {
      throw conflict('This Idempotency-Key was already used with a different request body.');
    }
    return previous.shipment_id;
  }

  /** The create response of a stored shipment, labels re-rendered byte-identical. */
  private async createdResponse(shipmentId: number): Promise<CreateShipmentResponse> {
    const row = this.repo.byId(shipmentId)!;
    const pieces = this.repo.pieces(row.id);
    return createResponse(row, pieces, await this.pieceLabels(row, pieces));
  }

  /** Expired idempotency keys are forgotten: at start, and by each keyed create. */
  pruneIdempotencyKeys(): void {
    this.repo.deleteIdempotencyBefore(this.now() - IDEMPOTENCY_WINDOW_MS);
  }

  // ------------------------------------------------------------ labels

  private async pieceLabels(row: ShipmentRow, pieces: ReturnType<ShipmentsRepo['pieces']>): Promise<string[]> {
    const data = labelDataFor(row, pieces, this.catalog);
    const size = this.defaultLabelSize();
    const pdfs = await Promise.all(
      pieces.map((p) => this.labels.render(data, { size, pieces: [p.sequence_number] })),
    );
    return pdfs.map((pdf) => pdf.toString('base64'));
  }

  async label(uniqueId: string, caller: Caller, size?: LabelSize): Promise<LabelResponse> {
    const row = this.find(uniqueId);
    if (row.status === 'Cancelled') throw conflict(`Shipment ${row.shipment_number} is cancelled; its label is void.`);
    const pieces = this.repo.pieces(row.id);
    const pdf = await this.labels.render(labelDataFor(row, pieces, this.catalog), {
      size: size ?? this.defaultLabelSize(),
    });
    if (row.status === INITIAL_STATUS) {
      await this.repo.groupCommit(() => {
        const current = this.repo.byId(row.id)!;
        if (current.status !== INITIAL_STATUS) return;
        this.appendEvent(eventFor(row, 'Printed', 'Label printed', caller.username, this.now()));
      });
    }
    return { format: 'pdf', base64String: pdf.toString('base64') };
  }

  // ------------------------------------------------------------ read

  private find(uniqueId: string): ShipmentRow {
    if (!UUID.test(uniqueId)) throw validationError({ uniqueId: `${uniqueId} is not a UUID` });
    const row = this.repo.byUuid(uniqueId.toLowerCase());
    if (!row) throw notFound(`Shipment ${uniqueId}`);
    return row;
  }

  async view(uniqueId: string): Promise<ShipmentDetail> {
    const row = this.find(uniqueId);
    const pieces = this.repo.pieces(row.id);
    const labels = await this.pieceLabels(row, pieces);
    const reference = row.reference_one;
    return {
      shipmentNumber: row.shipment_number,
      despatchDate: iso(row.despatch_date),
      deliveryInstructions: row.delivery_instructions,
      carrier: this.catalog.carrier(row.carrier_id)?.name ?? '',
      carrierService: this.catalog.service(row.carrier_service_id)?.name ?? '',
      hsCode: row.hs_code,
      descriptionOfGoods: row.description_of_goods,
      goodsDescription: row.goods_description,
      collectionAddress: decodeAddress(row.collection_address),
      deliveryAddress: decodeAddress(row.delivery_address),
      reference,
      cost: fromMinorUnits(row.cost_minor, row.currency),
      insuredValue: fromMinorUnits(row.insured_minor, row.currency),
      currency: row.currency,
      shipmentPieces: pieces.map((p, i) => ({ ...pieceFromRow(p), base64String: labels[i]! })),
      shipmentId: row.uuid,
      status: row.status,
      createdOn: iso(row.created_on),
      carrierId: row.carrier_id,
      carrierServiceId: row.carrier_service_id,
      carrierFeatures: JSON.parse(row.features) as number[],
      referenceOne: row.reference_one,
      referenceTwo: row.reference_two,
      referenceThree: row.reference_three,
    };
  }

  list(query: ListShipmentsQuery): ShipmentList {
    const filter = this.listFilter(query);
    const totals = this.repo.totals(filter);
    // Page 1 always reads the rows (one index probe); deeper pages past the end are skipped.
    const rows = filter.offset > 0 && filter.offset >= totals.items ? [] : this.repo.list(filter);
    return {
      totalItems: totals.items,
      totalPieces: totals.pieces,
      items: rows.map((r) => ({
        id: r.id,
        shipmentId: r.uuid,
        shipmentNo: r.shipment_number,
        createdOn: iso(r.created_on),
        shipping: iso(r.despatch_date),
        shipper: r.shipper,
        reference: r.reference_one,
        deliveryAddress: r.delivery_line,
        carrier: this.catalog.carrier(r.carrier_id)?.name ?? '',
        carrierService: this.catalog.service(r.carrier_service_id)?.name ?? '',
        pieces: r.piece_count,
        weight: r.total_weight,
        weightMeasurement: r.weight_unit,
        status: r.status,
        trackingDescription: r.status_description,
        statusDateTime: iso(r.status_on),
        statusLocation: r.status_location,
        statusSignatory: r.status_signatory,
      })),
    };
  }

  private listFilter(query: ListShipmentsQuery): ListFilter {
    const errors = new FieldErrors();
    const rawStatuses = query.Status === undefined ? [] : [query.Status].flat();
    const statuses = [
      ...new Set(rawStatuses.flatMap((s) => s.split(',')).map((s) => s.trim()).filter((s) => s !== '')),
    ];
    const unknown = statuses.filter((s) => !isStatus(s));
    if (unknown.length > 0) {
      errors.add('Status', `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a status' : 'are not statuses'}; allowed: ${STATUSES.join(', ')}`);
    }
    const parse = (name: 'DateFrom' | 'DateTo') => {
      const raw = query[name];
      if (raw === undefined || raw.trim() === '') return null;
      const parsed = parseDateInput(raw);
      if (!parsed) errors.add(name, `${raw} is not an ISO 8601 date or date-time`);
      return parsed;
    };
    const from = parse('DateFrom');
    const toParsed = parse('DateTo');
    // A date alone as DateTo covers that whole day (UTC).
    const to = toParsed === null ? null : toParsed.dateOnly ? toParsed.ms + DAY_MS - 1 : toParsed.ms;
    if (from && to !== null && from.ms > to) errors.add('DateTo', 'must not be before DateFrom');
    errors.throwIfAny();
    const limit = query.ItemsPerPage ?? 100;
    return {
      statuses,
      from: from?.ms ?? null,
      to,
      newestFirst: (query.OrderByDate ?? 'NewestFirst') === 'NewestFirst',
      limit,
      offset: ((query.Page ?? 1) - 1) * limit,
    };
  }

  // ------------------------------------------------------------ status changes

  /** Inserts an event and keeps the shipment's status columns on its latest event. */
  private appendEvent(event: NewEventRow): void {
    this.repo.insertEvent(event);
    this.repo.setStatusFrom(this.repo.latestEvent(event.shipment_id)!);
  }

  async cancel(uniqueId: string, caller: Caller): Promise<{ success: boolean }> {
    const found = this.find(uniqueId);
    await this.repo.groupCommit(() => {
      const row = this.repo.byId(found.id)!;
      if (row.status === 'Cancelled') return;
      if (!CANCELLABLE_STATUSES.includes(row.status as ShipmentStatus)) {
        throw conflict(
          `Shipment ${row.shipment_number} is ${row.status}; only a shipment that is ${CANCELLABLE_STATUSES.join(', ')} can be cancelled.`,
        );
      }
      this.appendEvent(eventFor(row, 'Cancelled', 'Shipment cancelled', caller.username, this.now()));
    });
    return { success: true };
  }

  async recordEvent(uniqueId: string, body: CarrierEventRequest, caller: Caller): Promise<TrackingResponse> {
    const found = this.find(uniqueId);
    const now = this.now();
    const errors = new FieldErrors();
    if (!isStatus(body.status) || !isScanStatus(body.status)) {
      errors.add('status', `${body.status} is not a carrier scan status; allowed: ${STATUSES.filter((s) => isScanStatus(s)).join(', ')}`);
    }
    const pieces = this.repo.pieces(found.id);
    if (body.trackingNumber !== undefined && body.trackingNumber !== '' &&
        !pieces.some((p) => p.tracking_number === body.trackingNumber)) {
      errors.add('trackingNumber', `${body.trackingNumber} is not a piece of shipment ${found.shipment_number}`);
    }
    let occurredOn = now;
    if (body.occurredOn !== undefined) {
      const parsed = parseDateInput(body.occurredOn);
      if (!parsed) errors.add('occurredOn', `${body.occurredOn} is not an ISO 8601 date-time`);
      else if (parsed.ms > now + 5 * 60_000) errors.add('occurredOn', 'must not be more than 5 minutes in the future');
      else if (parsed.ms < found.created_on) errors.add('occurredOn', 'must not be before the shipment was created');
      else occurredOn = parsed.ms;
    }
    errors.throwIfAny();
    const status = body.status as ShipmentStatus;
    // A scanner posts these in bursts: group commit keeps the event loop off the disk.
    await this.repo.groupCommit(() => {
      const row = this.repo.byId(found.id)!;
      if (!canTransition(row.status as ShipmentStatus, status)) {
        throw conflict(`Shipment ${row.shipment_number} cannot go from ${row.status} to ${status}.`);
      }
      this.appendEvent({
        shipment_id: row.id,
        status,
        description: body.description ?? '',
        location: body.location ?? '',
        signatory: body.signatory ?? '',
        signatory_file_name: body.signatoryFileName ?? '',
        latitude: body.geoLocationLatitude ?? null,
        longitude: body.geoLocationLongitude ?? null,
        depot_id: body.carrierDepotId ?? null,
        tracking_number: body.trackingNumber ?? '',
        user: caller.username,
        occurred_on: occurredOn,
      });
    });
    return this.trackingOf(this.repo.byId(found.id)!, true);
  }

  // ------------------------------------------------------------ tracking

  tracking(uniqueId: string): TrackingResponse {
    return this.trackingOf(this.find(uniqueId), true);
  }

  /** The public view: any of the shipment's references plus its delivery post code. */
  publicTracking(reference: string, postCode: string, client: string): TrackingResponse {
    const wait = this.publicTrackingLimiter.retryAfter(client);
    if (wait > 0) throw new ProblemError('rate-limited', `Too many tracking requests; try again in ${wait} seconds.`, {}, wait);
    this.publicTrackingLimiter.record(client);
    const ref = reference.trim().toUpperCase();
    const row = UUID.test(ref)
      ? this.repo.byUuid(ref.toLowerCase())
      : SHIPMENT_NUMBER.test(ref)
        ? this.repo.byNumber(ref)
        : isValidTrackingNumber(ref)
          ? this.repo.byTrackingNumber(ref)
          : undefined;
    // One answer for an unknown reference and a wrong post code: nothing to probe.
    if (!row || row.delivery_postcode_key !== postCodeKey(postCode) || row.delivery_postcode_key === '') {
      throw notFound('No shipment with this reference and post code');
    }
    return this.trackingOf(row, false);
  }

  private trackingOf(row: ShipmentRow, showUser: boolean): TrackingResponse {
    const history = this.repo.events(row.id).map((e) => trackingStatus(e, showUser));
    return { shipmentNumber: row.shipment_number, lastStatus: latestOf(history), trackingHistory: history };
  }
}

function createResponse(
  row: Pick<ShipmentRow, 'uuid' | 'shipment_number'>,
  pieces: Pick<PieceRow, 'sequence_number' | 'tracking_number'>[],
  labels: string[],
): CreateShipmentResponse {
  return {
    success: true,
    shipmentId: row.uuid,
    shipmentNumber: row.shipment_number,
    shipmentPieces: pieces.map((p, i) => ({
      sequenceNumber: p.sequence_number,
      base64String: labels[i]!,
      trackingNumber: p.tracking_number,
    })),
  };
}

function latestOf(history: TrackingStatus[]): TrackingStatus {
  return history[history.length - 1]!;
}

function trackingStatus(e: EventRow, showUser: boolean): TrackingStatus {
  return {
    signatoryFileName: e.signatory_file_name,
    location: e.location,
    signatory: e.signatory,
    geoLocationLongitude: e.longitude,
    geoLocationLatitude: e.latitude,
    carrierDepotId: e.depot_id,
    user: showUser ? e.user : '',
    trackingNumber: e.tracking_number,
    description: e.description,
    status: e.status,
    occurredOn: iso(e.occurred_on),
  };
}
