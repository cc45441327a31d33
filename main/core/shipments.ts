/**
 * The shipping service proper: create, list, view, label, cancel, carrier scans and
 * tracking (docs/contract.md §5–§8). Doors call these methods; nothing here knows about HTTP.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { CarrierCatalog } from './carriers';
import { DAY_MS, dateRangeInput, iso, parseDateInput } from './dates';
import { FieldErrors, ProblemError, conflict, notFound, validationError } from './errors';
import { labelDataFor } from './label-data-for';
import {
  SHEET_LABEL_SIZE,
  type CustomsDocumentData,
  type LabelData,
  type LabelDpi,
  type LabelFormat,
  type LabelOptions,
  type OfficeSheet,
} from './label-data';
import { fromMinorUnits, minorUnitFactor } from './money';
import { postCodeKey } from './postcodes';
import { listSearch, MIN_SEARCH_LENGTH } from './search';
import type { AddressBookService } from './address-book';
import { RateLimit, limitCaller } from './rate-limiter';
import { isValidTrackingNumber, makeTrackingNumber } from './s10';
import {
  STATUSES,
  type CarrierEventRequest,
  type CreateReturnRequest,
  type CreateReturnResponse,
  type CreateShipmentRequest,
  type CreateShipmentResponse,
  type CustomsForm,
  type CustomsResponse,
  type LabelResponse,
  type LabelSize,
  type ListShipmentsQuery,
  type ShipmentDetail,
  type ShipmentList,
  type ShipmentStatus,
  type TrackingResponse,
  type TrackingStatus,
} from './schemas';
import { CANCELLABLE_STATUSES, INITIAL_STATUS, canTransition, isScanStatus, isStatus, stationEvent } from './statuses';
import { convertWeight, round3 } from './units';
import type { DimensionUnit, WeightUnit } from './schemas';
import type {
  CustomsRecord,
  EventRecord,
  IdempotencyClaim,
  IdempotencyRecord,
  LimitStore,
  ListFilter,
  NewShipment,
  OrderStore,
  PieceRecord,
  ShipmentRecord,
  ShipmentStore,
  NumberStore,
} from './storage';
import {
  deliveryLine,
  shipmentRuleErrors,
  shipperName,
  validateShipment,
  type CreateShipmentDraft,
  type ValidShipment,
} from './validate-shipment';
import { customsTotalMinor } from './validate-customs';
import { DEFAULT_CN22_MAX_VALUE } from './settings';

export interface LabelRequest {
  size?: LabelSize;
  format?: LabelFormat;
  dpi?: LabelDpi;
  /** false: a preview or a download, not a print (docs/contract.md §15). */
  markPrinted?: boolean;
  /** Append an international shipment's CN22 after its labels (docs/contract.md §17). */
  includeCustoms?: boolean;
  /** PDF only: the labels placed on office sheets; the sheet decides the label size. */
  sheet?: OfficeSheet | null | undefined;
}

export interface CustomsRequest {
  size?: LabelSize;
  format?: LabelFormat;
  dpi?: LabelDpi;
}

export interface LabelRenderer {
  render(data: LabelData, options: LabelOptions): Promise<Buffer>;
}

/** The order a create ships (docs/contract.md §18), and its `order.shipped` message once the shipment's numbers are known. */
export interface OrderToShip {
  orderId: number;
  orderNumber: string;
  ruleName: string;
  webhookPayload(shipment: { shipmentId: string; shipmentNumber: string }): string;
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

/** How close in time two identical scans must be to count as one scan read twice. */
export const REPEAT_SCAN_WINDOW_MS = 10_000;

/** The same scan again: same status, place and piece, within seconds of the one on record. */
export function isRepeatScan(previous: EventRecord, next: EventRecord): boolean {
  return (
    previous.status === next.status &&
    previous.location.trim() === next.location.trim() &&
    previous.trackingNumber === next.trackingNumber &&
    Math.abs(next.occurredOn - previous.occurredOn) <= REPEAT_SCAN_WINDOW_MS
  );
}

export class ShipmentService {
  /** docs/contract.md §8: the public tracking view is limited to 60 requests a minute per client. */
  private readonly publicTrackingLimit: RateLimit;

  constructor(
    private readonly repo: ShipmentStore,
    private readonly numbers: NumberStore,
    limits: LimitStore,
    private readonly catalog: CarrierCatalog,
    private readonly labels: LabelRenderer,
    private readonly defaultLabelSize: () => Promise<LabelSize>,
    private readonly now: () => number,
    /** Where `saveDeliveryAddress` keeps the delivery address; absent, it is not kept. */
    private readonly addressBook?: Pick<AddressBookService, 'keep'>,
    /** Per currency, the highest value a CN22 declares (docs/contract.md §17). */
    private readonly cn22MaxValue: () => Promise<Record<string, number>> = async () => DEFAULT_CN22_MAX_VALUE,
    /** Which order a shipment was made from, for its detail (docs/contract.md §18). */
    private readonly orders?: Pick<OrderStore, 'ofShipment'>,
  ) {
    this.publicTrackingLimit = new RateLimit(limits, 'public-tracking', 60, 60_000, now);
  }

  // ------------------------------------------------------------ create

  /** The rules of a create body the schema refused in part, so one 400 names every field (docs/contract.md §11). */
  ruleErrors(body: unknown): Record<string, string> {
    return shipmentRuleErrors(body as CreateShipmentDraft, this.catalog, this.now());
  }

  async create(
    request: CreateShipmentRequest,
    caller: Caller,
    idempotencyKey?: string,
  ): Promise<CreateShipmentResponse> {
    return this.createShipment(request, caller, idempotencyKey, true);
  }

  /**
   * A create that ships an order (docs/contract.md §18): the order is linked in the create's own
   * write; an order no longer Awaiting by then → 409 (nothing is written).
   */
  async createForOrder(
    request: CreateShipmentRequest,
    caller: Caller,
    idempotencyKey: string | undefined,
    order: OrderToShip,
  ): Promise<CreateShipmentResponse> {
    return this.createShipment(request, caller, idempotencyKey, true, order);
  }

  /**
   * A create whose labels are not drawn: an import prints its labels afterwards in one
   * batch, so drawing each one here too would only be thrown away.
   */
  async createUnlabelled(
    request: CreateShipmentRequest,
    caller: Caller,
    idempotencyKey?: string,
  ): Promise<{ shipmentId: string; shipmentNumber: string }> {
    const created = await this.createShipment(request, caller, idempotencyKey, false);
    return { shipmentId: created.shipmentId, shipmentNumber: created.shipmentNumber };
  }

  /**
   * A return of a shipment (docs/contract.md §23): addresses swapped, a return service of its
   * carrier, its reference given or `RMA-` and the original's number, its pieces and goods
   * again, declared as Returned goods when international. A cancelled original → 409.
   */
  async createReturn(
    uniqueId: string,
    body: CreateReturnRequest,
    caller: Caller,
    idempotencyKey?: string,
  ): Promise<CreateReturnResponse> {
    const original = await this.find(uniqueId);
    if (original.status === 'Cancelled')
      throw conflict(`Shipment ${original.shipmentNumber} is cancelled; a cancelled shipment has nothing to return.`);
    const from = original.deliveryAddress.countryTwoCharacterISOCode;
    const to = original.collectionAddress.countryTwoCharacterISOCode;
    const carrier = this.catalog.carrier(original.carrierId);
    const services = this.catalog.returnServices(original.carrierId, from !== to);
    const serviceId = body.carrierServiceId ?? services[0]?.id;
    if (serviceId === undefined) {
      throw conflict(
        `${carrier?.name ?? `Carrier ${original.carrierId}`} has no ${from !== to ? 'international' : 'domestic'} return service; ship the return as a new shipment instead.`,
      );
    }
    if (body.carrierServiceId !== undefined && !services.some((s) => s.id === body.carrierServiceId)) {
      throw validationError({
        carrierServiceId: `Service ${body.carrierServiceId} is not a return service of ${carrier?.name ?? 'this carrier'} for this route; choose one of: ${services.map((s) => `${s.id} ${s.name}`).join(', ') || 'none'}`,
      });
    }
    const [pieces, customs] = await Promise.all([this.repo.pieces(original.id), this.repo.customs(original.id)]);
    const request: CreateShipmentRequest = {
      carrierId: original.carrierId,
      carrierServiceId: serviceId,
      collectionAddress: original.deliveryAddress,
      deliveryAddress: original.collectionAddress,
      referenceOne: body.referenceOne ?? `RMA-${original.shipmentNumber}`,
      referenceTwo: original.referenceOne,
      goodsDescription: original.goodsDescription,
      hsCode: original.hsCode,
      descriptionOfGoods: original.descriptionOfGoods,
      currency: original.currency,
      cost: fromMinorUnits(original.costMinor, original.currency),
      shipmentPieces: pieces.map((p) => ({
        description: p.description,
        weight: p.weight,
        weightUnit: p.weightUnit as WeightUnit,
        length: p.length,
        width: p.width,
        height: p.height,
        dimensionUnit: p.dimensionUnit as DimensionUnit,
      })),
      ...(from !== to && {
        contentsType: 'Returned goods' as const,
        ...(customs && {
          customsItems: customs.items.map((i) => ({
            description: i.description,
            quantity: i.quantity,
            unitValue: fromMinorUnits(i.unitValueMinor, original.currency),
            netWeight: i.netWeight,
            weightUnit: i.weightUnit as WeightUnit,
            hsCode: i.hsCode,
            originCountry: i.originCountry,
          })),
        }),
      }),
    };
    const created = await this.createShipment(request, caller, idempotencyKey, true, undefined, original);
    return { ...created, returnOf: original.uuid };
  }

  private async createShipment(
    request: CreateShipmentRequest,
    caller: Caller,
    idempotencyKey: string | undefined,
    withLabels: boolean,
    order?: OrderToShip,
    returnOf?: ShipmentRecord,
  ): Promise<CreateShipmentResponse> {
    const now = this.now();
    const valid = validateShipment(request, this.catalog, now, { isReturn: returnOf !== undefined });
    // The body's hash is needed only to hold a retry to the same request.
    const claim: IdempotencyClaim | undefined =
      idempotencyKey === undefined
        ? undefined
        : {
            userId: caller.userId,
            key: idempotencyKey,
            requestHash: createHash('sha256').update(canonicalJson(request)).digest(),
            freshSince: now - IDEMPOTENCY_WINDOW_MS,
          };
    if (claim) {
      const previous = await this.repo.idempotencyKey(claim.userId, claim.key);
      if (previous && previous.createdOn >= claim.freshSince) return this.replay(previous, claim, withLabels);
    }

    const { shipmentNumber, trackingNumbers } = await this.takeNumbers(valid);
    const shipment = this.newShipment(valid, shipmentNumber, caller, now, returnOf?.id ?? null);
    const pieces: PieceRecord[] = valid.pieces.map((p, i) => ({ ...p, trackingNumber: trackingNumbers[i]! }));
    // Labels are rendered before anything is written: if rendering fails nothing is stored
    // (the numbers taken are simply never used, as a sequence must not hand them out twice).
    const labels = withLabels ? await this.pieceLabels(shipment, pieces) : [];
    // A concurrent retry with the same key may have committed while we rendered: the store
    // checks the key again inside its write.
    const outcome = await this.repo.create(
      shipment,
      pieces,
      stationEvent(INITIAL_STATUS, 'Shipment created', caller.username, now),
      claim,
      valid.customs,
      order && {
        orderId: order.orderId,
        ruleName: order.ruleName,
        webhookPayload: order.webhookPayload({ shipmentId: shipment.uuid, shipmentNumber: shipment.shipmentNumber }),
      },
    );
    if ('replayOf' in outcome) return this.replay(outcome.replayOf, claim!, withLabels);
    if ('orderNotShippable' in outcome) throw await this.notShippable(order!.orderNumber, outcome.orderNotShippable);
    // After the shipment, on its own: a book that cannot be written to never costs a label.
    if (request.saveDeliveryAddress)
      await this.addressBook?.keep('delivery', valid.deliveryAddress).catch(() => undefined);
    return createResponse(outcome.created, pieces, labels);
  }

  /** 409 for an order that is not Awaiting, naming its shipment when it has one. */
  async notShippable(orderNumber: string, found: { status: string; shipmentId: number | null }): Promise<ProblemError> {
    const shipment = found.shipmentId === null ? undefined : await this.repo.byId(found.shipmentId);
    return conflict(
      shipment
        ? `Order ${orderNumber} is already shipped as ${shipment.shipmentNumber}; cancel that shipment to ship it again.`
        : `Order ${orderNumber} is ${found.status}; only an Awaiting order can be shipped.`,
    );
  }

  private async takeNumbers(valid: ValidShipment): Promise<{ shipmentNumber: string; trackingNumbers: string[] }> {
    const prefix = valid.carrier.trackingPrefix;
    const [[shipmentSerial], serials] = await Promise.all([
      this.numbers.take('shipment-number', 1),
      this.numbers.take(`tracking-serial:${prefix}`, valid.pieces.length),
    ]);
    if (shipmentSerial! > MAX_SERIAL || serials.at(-1)! > MAX_SERIAL) {
      throw new ProblemError('conflict', `The number range of carrier ${valid.carrier.name} is used up.`);
    }
    const country = valid.collectionAddress.countryTwoCharacterISOCode;
    return {
      shipmentNumber: `SS${String(shipmentSerial).padStart(8, '0')}`,
      trackingNumbers: serials.map((serial) => makeTrackingNumber(prefix, serial, country)),
    };
  }

  private newShipment(
    valid: ValidShipment,
    shipmentNumber: string,
    caller: Caller,
    now: number,
    returnOf: number | null,
  ): NewShipment {
    const unit = valid.pieces[0]!.weightUnit;
    const totalWeight = round3(valid.pieces.reduce((sum, p) => sum + convertWeight(p.weight, p.weightUnit, unit), 0));
    return {
      uuid: randomUUID(),
      shipmentNumber,
      createdOn: now,
      despatchDate: valid.despatchDate,
      carrierId: valid.carrier.id,
      carrierServiceId: valid.service.id,
      features: valid.features,
      collectionAddress: valid.collectionAddress,
      deliveryAddress: valid.deliveryAddress,
      shipper: shipperName(valid.collectionAddress),
      deliveryLine: deliveryLine(valid.deliveryAddress),
      deliveryPostcodeKey: postCodeKey(valid.deliveryAddress.postZipCode),
      goodsDescription: valid.goodsDescription,
      deliveryInstructions: valid.deliveryInstructions,
      hsCode: valid.hsCode,
      descriptionOfGoods: valid.descriptionOfGoods,
      referenceOne: valid.referenceOne,
      referenceTwo: valid.referenceTwo,
      referenceThree: valid.referenceThree,
      costMinor: valid.costMinor,
      insuredMinor: valid.insuredMinor,
      currency: valid.currency,
      pieceCount: valid.pieces.length,
      totalWeight,
      weightUnit: unit,
      status: INITIAL_STATUS,
      statusDescription: 'Shipment created',
      statusOn: now,
      statusLocation: '',
      statusSignatory: '',
      createdBy: caller.userId,
      returnOf,
    };
  }

  /** A retry of a create: the first response again (marked `replayed`) if the body is the same, else 409. */
  private async replay(
    previous: IdempotencyRecord,
    claim: IdempotencyClaim,
    withLabels = true,
  ): Promise<CreateShipmentResponse> {
    const shipment = (await this.repo.byId(previous.shipmentId))!;
    if (!previous.requestHash.equals(claim.requestHash)) {
      throw conflict(
        `This Idempotency-Key made shipment ${shipment.shipmentNumber} (${shipment.uuid}) from another request body: send that body again to get ${shipment.shipmentNumber}, or use a new key to create another shipment.`,
      );
    }
    // Its labels are void: answering them as if nothing happened would get a cancelled parcel sent.
    if (withLabels && shipment.status === 'Cancelled') {
      throw conflict(
        `Shipment ${shipment.shipmentNumber} (${shipment.uuid}), made with this Idempotency-Key, is cancelled and its labels are void: use a new key to create the shipment again.`,
      );
    }
    const pieces = await this.repo.pieces(shipment.id);
    // Marked, so that a desk can tell an operator "already created" instead of showing it as new.
    return {
      ...createResponse(shipment, pieces, withLabels ? await this.pieceLabels(shipment, pieces) : []),
      replayed: true,
    };
  }

  /** Expired idempotency keys are forgotten: at start, and by each keyed create. */
  pruneIdempotencyKeys(): Promise<void> {
    return this.repo.pruneIdempotencyKeys(this.now() - IDEMPOTENCY_WINDOW_MS);
  }

  // ------------------------------------------------------------ labels

  private async pieceLabels(shipment: NewShipment, pieces: PieceRecord[]): Promise<string[]> {
    const data = labelDataFor(shipment, pieces, this.catalog);
    const size = await this.defaultLabelSize();
    const pdfs = await Promise.all(pieces.map((p) => this.labels.render(data, { size, pieces: [p.sequenceNumber] })));
    return pdfs.map((pdf) => pdf.toString('base64'));
  }

  async label(uniqueId: string, caller: Caller, request: LabelRequest = {}): Promise<LabelResponse> {
    const { shipment, document, format } = await this.labelDocument(uniqueId, request);
    if (request.markPrinted !== false) await this.markPrinted(shipment, caller);
    return { format, base64String: document.toString('base64') };
  }

  /** The whole label document of a shipment (every piece), without changing its status. */
  async labelDocument(
    uniqueId: string,
    request: LabelRequest = {},
  ): Promise<{ shipment: ShipmentRecord; document: Buffer; format: LabelFormat }> {
    const row = await this.printable(uniqueId);
    const data = await this.labelData(row, request.includeCustoms === true);
    const format = request.format ?? 'pdf';
    return { shipment: row, document: await this.labelPrinterDocument(data, { ...request, format }), format };
  }

  /**
   * What printing a shipment sends (docs/contract.md §17): its labels with any CN22, in the label
   * printer's format; and for a CN23, the CN23 and commercial invoice as an A4 PDF (`forms`).
   */
  async printDocuments(
    uniqueId: string,
    request: Pick<LabelRequest, 'size' | 'format' | 'dpi' | 'sheet'> = {},
  ): Promise<{ shipment: ShipmentRecord; labels: Buffer; format: LabelFormat; forms: Buffer | null }> {
    const row = await this.printable(uniqueId);
    const data = await this.labelData(row, true);
    const format = request.format ?? 'pdf';
    const size = request.size ?? (await this.defaultLabelSize());
    const [labels, forms] = await Promise.all([
      this.labelPrinterDocument(data, { ...request, size, format }),
      data.customs?.form === 'CN23'
        ? this.labels.render(data, { size: request.sheet ? SHEET_LABEL_SIZE[request.sheet] : size, customs: 'only' })
        : null,
    ]);
    return { shipment: row, labels, format, forms };
  }

  /**
   * What a shipment's label printer document is drawn from; with its declaration, and the
   * form that decides where each part prints (docs/contract.md §17), when `withCustoms` and it has one.
   */
  async labelData(row: ShipmentRecord, withCustoms: boolean): Promise<LabelData> {
    const [pieces, customs] = await Promise.all([
      this.repo.pieces(row.id),
      withCustoms ? this.repo.customs(row.id) : undefined,
    ]);
    const data = labelDataFor(row, pieces, this.catalog);
    if (customs) data.customs = await this.customsData(row, pieces, customs);
    return data;
  }

  /**
   * The document for the label printer: every piece's label, then the CN22 when `data`
   * carries one (a CN23 is not in it: it goes to the A4 printer).
   */
  async labelPrinterDocument(
    data: LabelData,
    request: Pick<LabelRequest, 'size' | 'format' | 'dpi' | 'sheet'>,
  ): Promise<Buffer> {
    const format = request.format ?? 'pdf';
    // Office sheets are PDF pages: a ZPL printer prints labels off its roll.
    const sheet = format === 'pdf' ? (request.sheet ?? undefined) : undefined;
    return this.labels.render(data, {
      size: sheet ? SHEET_LABEL_SIZE[sheet] : (request.size ?? (await this.defaultLabelSize())),
      format,
      ...(format === 'zpl' ? { dpi: request.dpi ?? 203 } : {}),
      ...(data.customs ? { customs: 'append' as const } : {}),
      ...(sheet ? { sheet } : {}),
    });
  }

  /** A shipment whose label may be drawn: 409 once it is cancelled. */
  private async printable(uniqueId: string): Promise<ShipmentRecord> {
    const row = await this.find(uniqueId);
    if (row.status === 'Cancelled') throw conflict(`Shipment ${row.shipmentNumber} is cancelled; its label is void.`);
    return row;
  }

  /** Not Printed → Printed (a tracking event); any other status stays as it is. */
  async markPrinted(shipment: ShipmentRecord, caller: Caller, description = 'Label printed'): Promise<void> {
    if (shipment.status !== INITIAL_STATUS) return;
    await this.repo.changeStatus(shipment.id, (current) =>
      current.status === INITIAL_STATUS ? stationEvent('Printed', description, caller.username, this.now()) : null,
    );
  }

  // ------------------------------------------------------------ customs

  /**
   * The customs forms (docs/contract.md §17): as one PDF, a CN22 or a CN23 and a commercial invoice;
   * as ZPL, the CN22 alone (a CN23 is A4, for the desk's document printer: 409).
   */
  async customs(uniqueId: string, request: CustomsRequest = {}): Promise<CustomsResponse> {
    const { form, document, format } = await this.customsDocument(uniqueId, request);
    return { format, form, base64String: document.toString('base64') };
  }

  private async customsDocument(
    uniqueId: string,
    request: CustomsRequest,
  ): Promise<{ form: CustomsForm; document: Buffer; format: LabelFormat }> {
    const row = await this.find(uniqueId);
    if (row.status === 'Cancelled')
      throw conflict(`Shipment ${row.shipmentNumber} is cancelled; its customs forms are void.`);
    const [pieces, customs] = await Promise.all([this.repo.pieces(row.id), this.repo.customs(row.id)]);
    if (!customs) throw conflict(`Shipment ${row.shipmentNumber} is domestic; it has no customs declaration.`);
    const data = labelDataFor(row, pieces, this.catalog);
    data.customs = await this.customsData(row, pieces, customs);
    const format = request.format ?? 'pdf';
    if (format === 'zpl' && data.customs.form === 'CN23') {
      throw conflict(
        `Shipment ${row.shipmentNumber} needs a CN23 (its value is above this station's CN22 limit for ${row.currency}, or there is none); a CN23 is an A4 form with no ZPL version: fetch it as PDF for an A4 printer.`,
      );
    }
    const document = await this.labels.render(data, {
      size: request.size ?? (await this.defaultLabelSize()),
      customs: 'only',
      ...(format === 'zpl' ? { format, dpi: request.dpi ?? 203 } : {}),
    });
    return { form: data.customs.form, document, format };
  }

  /** CN22 up to the station's limit for the currency; above it, or with no limit set, CN23. */
  private async customsForm(customs: CustomsRecord, currency: string): Promise<CustomsForm> {
    const limits = await this.cn22MaxValue();
    const limit = Object.hasOwn(limits, currency) ? limits[currency] : undefined;
    if (limit === undefined) return 'CN23';
    return fromMinorUnits(customsTotalMinor(customs), currency) <= limit ? 'CN22' : 'CN23';
  }

  private async customsData(
    row: ShipmentRecord,
    pieces: PieceRecord[],
    customs: CustomsRecord,
  ): Promise<CustomsDocumentData> {
    const money = (minor: number) => moneyText(minor, row.currency);
    const unit = (customs.items[0]?.weightUnit ?? row.weightUnit) as WeightUnit;
    return {
      form: await this.customsForm(customs, row.currency),
      contentsType: customs.contentsType,
      senderNumbers: { eori: customs.senderEori, vat: customs.senderVat, ioss: customs.senderIoss },
      iossApplied: customs.iossApplied,
      currency: row.currency,
      items: customs.items.map((i) => ({
        description: i.description,
        quantity: i.quantity,
        unitValue: money(i.unitValueMinor),
        lineValue: money(i.unitValueMinor * i.quantity),
        netWeight: i.netWeight,
        weightUnit: i.weightUnit,
        hsCode: i.hsCode,
        originCountry: i.originCountry,
      })),
      totalValue: money(customsTotalMinor(customs)),
      totalNetWeight: round3(
        customs.items.reduce((sum, i) => sum + convertWeight(i.netWeight, i.weightUnit as WeightUnit, unit), 0),
      ),
      netWeightUnit: unit,
      grossWeight: round3(
        pieces.reduce((sum, p) => sum + convertWeight(p.weight, p.weightUnit as WeightUnit, unit), 0),
      ),
      grossWeightUnit: unit,
    };
  }

  // ------------------------------------------------------------ read

  /** A shipment by its shipmentId (UUID) or its shipment number: a tool may hold either. */
  private async find(uniqueId: string): Promise<ShipmentRecord> {
    const number = uniqueId.trim().toUpperCase();
    const row = UUID.test(uniqueId)
      ? await this.repo.byUuid(uniqueId.toLowerCase())
      : SHIPMENT_NUMBER.test(number)
        ? await this.repo.byNumber(number)
        : invalidShipmentId(uniqueId);
    if (!row) throw notFound(`Shipment ${uniqueId}`);
    return row;
  }

  /** A shipment's number and status alone: no pieces, no labels drawn (the audit trail names a shipment so). */
  async identify(uniqueId: string): Promise<{ shipmentNumber: string; status: ShipmentStatus }> {
    const row = await this.find(uniqueId);
    return { shipmentNumber: row.shipmentNumber, status: row.status };
  }

  async view(uniqueId: string): Promise<ShipmentDetail> {
    const row = await this.find(uniqueId);
    const [pieces, customs, order, returns, original] = await Promise.all([
      this.repo.pieces(row.id),
      this.repo.customs(row.id),
      this.orders?.ofShipment(row.id),
      this.repo.returnsOf(row.id),
      row.returnOf === null ? undefined : this.repo.byId(row.returnOf),
    ]);
    const labels = await this.pieceLabels(row, pieces);
    const declaration = customs && {
      contentsType: customs.contentsType,
      customsItems: customs.items.map((i) => ({
        description: i.description,
        quantity: i.quantity,
        unitValue: fromMinorUnits(i.unitValueMinor, row.currency),
        netWeight: i.netWeight,
        weightUnit: i.weightUnit,
        hsCode: i.hsCode,
        originCountry: i.originCountry,
      })),
      customsForm: await this.customsForm(customs, row.currency),
      customsNumbers: { eoriNumber: customs.senderEori, vatNumber: customs.senderVat, iossNumber: customs.senderIoss },
      iossApplied: customs.iossApplied,
    };
    return {
      shipmentNumber: row.shipmentNumber,
      despatchDate: iso(row.despatchDate),
      deliveryInstructions: row.deliveryInstructions,
      carrier: this.catalog.carrier(row.carrierId)?.name ?? '',
      carrierService: this.catalog.service(row.carrierServiceId)?.name ?? '',
      hsCode: row.hsCode,
      descriptionOfGoods: row.descriptionOfGoods,
      goodsDescription: row.goodsDescription,
      collectionAddress: row.collectionAddress,
      deliveryAddress: row.deliveryAddress,
      reference: row.referenceOne,
      cost: fromMinorUnits(row.costMinor, row.currency),
      insuredValue: fromMinorUnits(row.insuredMinor, row.currency),
      currency: row.currency,
      shipmentPieces: pieces.map((p, i) => ({ ...p, base64String: labels[i]! })),
      shipmentId: row.uuid,
      status: row.status,
      createdOn: iso(row.createdOn),
      carrierId: row.carrierId,
      carrierServiceId: row.carrierServiceId,
      carrierFeatures: row.features,
      referenceOne: row.referenceOne,
      referenceTwo: row.referenceTwo,
      referenceThree: row.referenceThree,
      ...declaration,
      ...(order && { orderId: order.orderUuid, orderNumber: order.orderNumber, ruleName: order.ruleName }),
      ...(original && { returnOf: original.uuid, returnOfNumber: original.shipmentNumber }),
      ...(returns.length > 0 && {
        returns: returns.map((r) => r.uuid),
        returnNumbers: returns.map((r) => r.shipmentNumber),
      }),
    };
  }

  async list(query: ListShipmentsQuery): Promise<ShipmentList> {
    const filter = this.listFilter(query);
    const { totals, rows } = await this.repo.page(filter);
    return {
      totalItems: totals.items,
      totalPieces: totals.pieces,
      items: rows.map((r) => ({
        id: r.id,
        shipmentId: r.uuid,
        shipmentNo: r.shipmentNumber,
        createdOn: iso(r.createdOn),
        shipping: iso(r.despatchDate),
        shipper: r.shipper,
        reference: r.referenceOne,
        deliveryAddress: r.deliveryLine,
        carrier: this.catalog.carrier(r.carrierId)?.name ?? '',
        carrierService: this.catalog.service(r.carrierServiceId)?.name ?? '',
        pieces: r.pieceCount,
        weight: r.totalWeight,
        weightMeasurement: r.weightUnit,
        status: r.status,
        trackingDescription: r.statusDescription,
        statusDateTime: iso(r.statusOn),
        statusLocation: r.statusLocation,
        statusSignatory: r.statusSignatory,
      })),
    };
  }

  private listFilter(query: ListShipmentsQuery): ListFilter {
    const errors = new FieldErrors();
    const rawStatuses = query.Status === undefined ? [] : [query.Status].flat();
    const statuses = [
      ...new Set(
        rawStatuses
          .flatMap((s) => s.split(','))
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      ),
    ];
    const unknown = statuses.filter((s) => !isStatus(s));
    if (unknown.length > 0) {
      errors.add(
        'Status',
        `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a status' : 'are not statuses'}; allowed: ${STATUSES.join(', ')}`,
      );
    }
    const { from, to } = dateRangeInput(query, errors);
    const search = query.Search === undefined ? undefined : query.Search.trim();
    if (search !== undefined && search.length < MIN_SEARCH_LENGTH) {
      errors.add('Search', `Type at least ${MIN_SEARCH_LENGTH} characters to search`);
    }
    errors.throwIfAny();
    const limit = query.ItemsPerPage ?? 100;
    return {
      statuses: statuses as ShipmentStatus[],
      from,
      to,
      newestFirst: (query.OrderByDate ?? 'NewestFirst') === 'NewestFirst',
      limit,
      offset: ((query.Page ?? 1) - 1) * limit,
      ...(search === undefined ? {} : { search: listSearch(search) }),
      ...(query.Returns === true && { returnsOnly: true }),
    };
  }

  // ------------------------------------------------------------ status changes

  async cancel(uniqueId: string, caller: Caller): Promise<{ success: boolean }> {
    const found = await this.find(uniqueId);
    await this.repo.changeStatus(found.id, (row) => {
      if (row.status === 'Cancelled') return null;
      if (!CANCELLABLE_STATUSES.includes(row.status)) {
        throw conflict(
          `Shipment ${row.shipmentNumber} is ${row.status}; only a shipment that is ${CANCELLABLE_STATUSES.join(', ')} can be cancelled.`,
        );
      }
      return stationEvent('Cancelled', 'Shipment cancelled', caller.username, this.now());
    });
    return { success: true };
  }

  async recordEvent(uniqueId: string, body: CarrierEventRequest, caller: Caller): Promise<TrackingResponse> {
    const found = await this.find(uniqueId);
    const now = this.now();
    const errors = new FieldErrors();
    if (!isStatus(body.status) || !isScanStatus(body.status)) {
      errors.add(
        'status',
        `Status ${body.status} is not a carrier scan status; choose one of: ${STATUSES.filter((s) => isScanStatus(s)).join(', ')}`,
      );
    }
    const pieces = await this.repo.pieces(found.id);
    if (
      body.trackingNumber !== undefined &&
      body.trackingNumber !== '' &&
      !pieces.some((p) => p.trackingNumber === body.trackingNumber)
    ) {
      errors.add(
        'trackingNumber',
        `Tracking number ${body.trackingNumber} is not a piece of shipment ${found.shipmentNumber}`,
      );
    }
    let occurredOn = now;
    if (body.occurredOn !== undefined) {
      const parsed = parseDateInput(body.occurredOn);
      if (!parsed)
        errors.add('occurredOn', `Time of the scan ${body.occurredOn} is not a date-time (e.g. 2026-03-14T09:30:00Z)`);
      else if (parsed.ms > now + 5 * 60_000)
        errors.add('occurredOn', 'Time of the scan must not be more than 5 minutes in the future');
      else if (parsed.ms < found.createdOn)
        errors.add('occurredOn', 'Time of the scan must not be before the shipment was created');
      else occurredOn = parsed.ms;
    }
    errors.throwIfAny();
    const status = body.status as ShipmentStatus;
    const event: EventRecord = {
      status,
      description: body.description ?? '',
      location: body.location ?? '',
      signatory: body.signatory ?? '',
      signatoryFileName: body.signatoryFileName ?? '',
      latitude: body.geoLocationLatitude ?? null,
      longitude: body.geoLocationLongitude ?? null,
      depotId: body.carrierDepotId ?? null,
      trackingNumber: body.trackingNumber ?? '',
      user: caller.username,
      occurredOn,
    };
    const after = await this.repo.changeStatus(found.id, (row, latest) => {
      // A scanner's double read or a retried request: recorded once, answered as the first.
      if (isRepeatScan(latest, event)) return null;
      if (!canTransition(row.status, status)) {
        throw conflict(
          `Shipment ${row.shipmentNumber} cannot go from ${row.status} to ${status}; choose a status that may follow ${row.status}.`,
        );
      }
      return event;
    });
    return this.trackingOf(after!, true);
  }

  // ------------------------------------------------------------ tracking

  async tracking(uniqueId: string): Promise<TrackingResponse> {
    return this.trackingOf(await this.find(uniqueId), true);
  }

  /** The public view: any of the shipment's references plus its delivery post code. */
  async publicTracking(reference: string, postCode: string, client: string): Promise<TrackingResponse> {
    const caller = limitCaller(client);
    const wait = await this.publicTrackingLimit.retryAfter(caller);
    if (wait > 0)
      throw new ProblemError('rate-limited', `Too many tracking requests; try again in ${wait} seconds.`, {}, wait);
    await this.publicTrackingLimit.record(caller);
    // A tracking number may be typed as printed on the label, in groups with spaces.
    const ref = reference.replace(/\s+/g, '').toUpperCase();
    const row = UUID.test(ref)
      ? await this.repo.byUuid(ref.toLowerCase())
      : SHIPMENT_NUMBER.test(ref)
        ? await this.repo.byNumber(ref)
        : isValidTrackingNumber(ref)
          ? await this.repo.byTrackingNumber(ref)
          : undefined;
    // One answer for an unknown reference and a wrong post code: nothing to probe.
    if (!row || row.deliveryPostcodeKey !== postCodeKey(postCode) || row.deliveryPostcodeKey === '') {
      throw notFound('A shipment with this reference and post code');
    }
    return this.trackingOf(row, false);
  }

  private async trackingOf(row: ShipmentRecord, showUser: boolean): Promise<TrackingResponse> {
    const history = (await this.repo.events(row.id)).map((e) => trackingStatus(e, showUser));
    return { shipmentNumber: row.shipmentNumber, lastStatus: latestOf(history), trackingHistory: history };
  }
}

function invalidShipmentId(uniqueId: string): never {
  throw validationError({
    uniqueId: `${uniqueId} is neither a shipmentId (a UUID) nor a shipment number (SS and 8 digits, e.g. SS00000042)`,
  });
}

function createResponse(
  shipment: Pick<ShipmentRecord, 'uuid' | 'shipmentNumber'>,
  pieces: Pick<PieceRecord, 'sequenceNumber' | 'trackingNumber'>[],
  labels: string[],
): CreateShipmentResponse {
  return {
    success: true,
    shipmentId: shipment.uuid,
    shipmentNumber: shipment.shipmentNumber,
    shipmentPieces: pieces.map((p, i) => ({
      sequenceNumber: p.sequenceNumber,
      base64String: labels[i] ?? '',
      trackingNumber: p.trackingNumber,
    })),
  };
}

/** An amount as a customs form writes it: every decimal its currency has, e.g. 12.50. */
function moneyText(minor: number, currency: string): string {
  const factor = minorUnitFactor(currency);
  return (minor / factor).toFixed(Math.round(Math.log10(factor)));
}

function latestOf(history: TrackingStatus[]): TrackingStatus {
  return history[history.length - 1]!;
}

function trackingStatus(e: EventRecord, showUser: boolean): TrackingStatus {
  return {
    signatoryFileName: e.signatoryFileName,
    location: e.location,
    signatory: e.signatory,
    geoLocationLongitude: e.longitude,
    geoLocationLatitude: e.latitude,
    carrierDepotId: e.depotId,
    user: showUser ? e.user : '',
    trackingNumber: e.trackingNumber,
    description: e.description,
    status: e.status,
    occurredOn: iso(e.occurredOn),
  };
}
