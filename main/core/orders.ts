/**
 * Orders waiting to be shipped (docs/contract.md §18): add one or a batch, find, change, hold,
 * cancel, and ship, which is a create (shipments.ts) with the order linked in the same write.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { CarrierCatalog } from './carriers';
import { DAY_MS, iso } from './dates';
import { FieldErrors, ProblemError, conflict, notFound, validationError } from './errors';
import { fromMinorUnits } from './money';
import { orderSearch } from './order-search';
import { MIN_SEARCH_LENGTH } from './search';
import type { RuleService } from './rules';
import type { RuleSubject } from './shipping-rules';
import {
  ADDRESS_FIELDS,
  ORDER_STATUSES,
  type Address,
  type CreateOrdersRequest,
  type CreateOrdersResponse,
  type CreateShipmentRequest,
  type LabelSize,
  type ListOrdersQuery,
  type OrderBatchResult,
  type OrderDetail,
  type OrderInput,
  type OrderList,
  type OrderStatus,
  type PackingSlipResponse,
  type RuleMatch,
  type ShipOrderRequest,
  type ShipOrderResponse,
  type UpdateOrderRequest,
} from './schemas';
import type { Caller, ShipmentService } from './shipments';
import type {
  NewOrder,
  OrderInsert,
  OrderItemRecord,
  OrderRecord,
  OrderStore,
  PresetStore,
  ShipmentStore,
} from './storage';
import type { LabelDpi, LabelFormat } from './label-data';
import { round3 } from './units';
import { validateOrder } from './validate-order';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IDEMPOTENCY_WINDOW_MS = DAY_MS;
/** A packing slip's page: A4, or the label's size. */
export type PackingSlipSize = 'A4' | LabelSize;

/** What a packing slip shows (docs/contract.md §18); laid out by main/labels like a label. */
export interface PackingSlipData {
  orderNumber: string;
  /** The order's date, else when it came in, as ISO 8601. */
  date: string;
  channel: string;
  references: string[];
  deliveryAddress: Address;
  senderAddress: Address | null;
  items: { sku: string; description: string; quantity: number }[];
  notes: string;
}
/** Writes a packing slip: a PDF, or ZPL for a label printer that speaks it. */
export type PackingSlipRenderer = (
  data: PackingSlipData,
  size: PackingSlipSize,
  output?: { format: LabelFormat; dpi: LabelDpi },
) => Promise<Buffer>;

/** Checks an order against its schema (the operation table's; the core does not know it). */
export type OrderSchemaCheck = (order: unknown) => Record<string, string>;

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

/** A batch's refusal of an order whose number is known: the watched folder reports such a row as skipped. */
export const alreadyHere = (orderNumber: string) =>
  `Order ${orderNumber} is already here; an order number is taken once`;

const problemsOf = (error: unknown): Record<string, string> => {
  if (error instanceof ProblemError && error.kind === 'validation') return error.members;
  throw error;
};

export interface OrderServiceDeps {
  repo: OrderStore;
  shipmentStore: Pick<ShipmentStore, 'byId'>;
  shipments: Pick<ShipmentService, 'createForOrder' | 'notShippable'>;
  presets: Pick<PresetStore, 'byId'>;
  catalog: Pick<CarrierCatalog, 'service'>;
  rules: RuleService;
  /** The station's sender: an order without a collection address ships from it. */
  senderAddress: () => Promise<Address>;
  packingSlips: PackingSlipRenderer;
  now: () => number;
}

export class OrderService {
  constructor(private readonly d: OrderServiceDeps) {}

  // ------------------------------------------------------------ add

  /**
   * One order (→ its id; 409 when its number is known) or a batch, where good orders go in
   * and each refused one is named with its problems. `check` is the order schema's check.
   */
  async create(
    request: CreateOrdersRequest,
    caller: Caller,
    check: OrderSchemaCheck,
    idempotencyKey?: string,
  ): Promise<CreateOrdersResponse> {
    const { orders, ...single } = request;
    const batch = orders !== undefined;
    if (batch && Object.keys(single).length > 0) {
      throw validationError(
        Object.fromEntries(
          Object.keys(single).map((k) => [k, `${k} belongs inside each order of orders, not beside it`]),
        ),
      );
    }
    const inputs: unknown[] = batch ? orders : [single];
    const now = this.d.now();
    const accepted: { index: number; insert: OrderInsert }[] = [];
    const refused: OrderBatchResult['refused'] = [];
    inputs.forEach((input, index) => {
      const problem = check(input);
      const numberOf = () =>
        typeof (input as { orderNumber?: unknown } | null)?.orderNumber === 'string'
          ? (input as { orderNumber: string }).orderNumber
          : '';
      if (Object.keys(problem).length > 0) {
        if (!batch) throw validationError(problem);
        refused.push({ index, orderNumber: numberOf(), problem });
        return;
      }
      try {
        accepted.push({ index, insert: this.newOrder(validateOrder(input as OrderInput), caller, now) });
      } catch (error) {
        if (!batch) throw error;
        refused.push({ index, orderNumber: numberOf(), problem: problemsOf(error) });
      }
    });
    const claim =
      idempotencyKey === undefined
        ? undefined
        : {
            userId: caller.userId,
            key: idempotencyKey,
            requestHash: createHash('sha256').update(canonicalJson(request)).digest(),
            freshSince: now - IDEMPOTENCY_WINDOW_MS,
          };
    const answer = (ids: (number | null)[]): CreateOrdersResponse => {
      if (!batch) {
        const order = accepted[0]!.insert.order;
        if (ids[0] === null) throw conflict(`${alreadyHere(order.orderNumber)}.`);
        return { orderId: order.uuid, orderNumber: order.orderNumber, status: order.status };
      }
      const created: OrderBatchResult['created'] = [];
      const known: OrderBatchResult['refused'] = [];
      accepted.forEach(({ index, insert }, i) => {
        if (ids[i] === null)
          known.push({
            index,
            orderNumber: insert.order.orderNumber,
            problem: { orderNumber: alreadyHere(insert.order.orderNumber) },
          });
        else created.push({ index, orderId: insert.order.uuid, orderNumber: insert.order.orderNumber });
      });
      return { created, refused: [...refused, ...known].sort((a, b) => a.index - b.index) };
    };
    const outcome = await this.d.repo.insert(
      accepted.map((a) => a.insert),
      claim,
      (ids) => JSON.stringify(answer(ids)),
    );
    if ('replayOf' in outcome) {
      if (!outcome.replayOf.requestHash.equals(claim!.requestHash))
        throw conflict('This Idempotency-Key was already used with a different request body.');
      return JSON.parse(outcome.replayOf.answer) as CreateOrdersResponse;
    }
    return answer(outcome.ids);
  }

  private newOrder(valid: ReturnType<typeof validateOrder>, caller: Caller, now: number): OrderInsert {
    const order: NewOrder = {
      ...valid.order,
      uuid: randomUUID(),
      createdOn: now,
      updatedOn: now,
      status: 'Awaiting',
      createdBy: caller.userId,
    };
    return {
      order,
      items: valid.items,
      webhookPayload: JSON.stringify({
        orderId: order.uuid,
        orderNumber: order.orderNumber,
        status: order.status,
        channel: order.channel,
      }),
    };
  }

  // ------------------------------------------------------------ read

  private async find(orderId: string): Promise<OrderRecord> {
    if (!UUID.test(orderId)) throw validationError({ orderId: `${orderId} is not an order id (a UUID)` });
    const order = await this.d.repo.byUuid(orderId.toLowerCase());
    if (!order) throw notFound(`Order ${orderId}`);
    return order;
  }

  async list(query: ListOrdersQuery): Promise<OrderList> {
    const errors = new FieldErrors();
    const statuses = [
      ...new Set(
        [query.Status ?? []]
          .flat()
          .flatMap((s) => s.split(','))
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      ),
    ];
    const unknown = statuses.filter((s) => !(ORDER_STATUSES as readonly string[]).includes(s));
    if (unknown.length > 0)
      errors.add(
        'Status',
        `${unknown.join(', ')} ${unknown.length === 1 ? 'is not an order status' : 'are not order statuses'}; allowed: ${ORDER_STATUSES.join(', ')}`,
      );
    const search = query.Search?.trim();
    if (search !== undefined && search.length < MIN_SEARCH_LENGTH)
      errors.add('Search', `Type at least ${MIN_SEARCH_LENGTH} characters to search`);
    errors.throwIfAny();
    const limit = query.ItemsPerPage ?? 100;
    const { total, rows } = await this.d.repo.page({
      statuses: statuses as OrderStatus[],
      limit,
      offset: ((query.Page ?? 1) - 1) * limit,
      ...(search === undefined ? {} : { search: orderSearch(search) }),
    });
    return {
      totalItems: total,
      items: rows.map((r) => ({
        orderId: r.uuid,
        orderNumber: r.orderNumber,
        status: r.status,
        createdOn: iso(r.createdOn),
        channel: r.channel,
        deliveryName: r.deliveryAddress.fullName || r.deliveryAddress.businessName,
        postZipCode: r.deliveryAddress.postZipCode,
        countryTwoCharacterISOCode: r.deliveryAddress.countryTwoCharacterISOCode,
        itemCount: r.itemCount,
        weight: r.totalWeightKg,
        shipmentId: r.shipmentUuid,
        shipmentNumber: r.shipmentNumber,
      })),
    };
  }

  async view(orderId: string): Promise<OrderDetail> {
    const order = await this.find(orderId);
    const [items, shipment] = await Promise.all([
      this.d.repo.items(order.id),
      order.shipmentId === null ? undefined : this.d.shipmentStore.byId(order.shipmentId),
    ]);
    return detail(order, items, shipment ? { uuid: shipment.uuid, shipmentNumber: shipment.shipmentNumber } : null);
  }

  // ------------------------------------------------------------ change

  /** Fields given replace the order's (items as a whole); `hold` puts it On Hold or back. While Awaiting or On Hold. */
  async update(orderId: string, request: UpdateOrderRequest): Promise<OrderDetail> {
    const current = await this.find(orderId);
    const items = await this.d.repo.items(current.id);
    const { hold, ...fields } = request;
    const merged = { ...inputOf(current, items), ...fields } as OrderInput;
    const valid = validateOrder(merged);
    const now = this.d.now();
    const after = await this.d.repo.change(current.id, (order) => {
      if (order.status !== 'Awaiting' && order.status !== 'On Hold')
        throw conflict(
          `Order ${order.orderNumber} is ${order.status}; only an Awaiting or On Hold order can be changed.`,
        );
      const status: OrderStatus = hold === undefined ? order.status : hold ? 'On Hold' : 'Awaiting';
      return {
        order: { ...order, ...valid.order, orderNumber: order.orderNumber, status, updatedOn: now },
        ...(fields.items ? { items: valid.items } : {}),
      };
    });
    return detail(after!, await this.d.repo.items(current.id), null);
  }

  /** Awaiting or On Hold → Cancelled; a cancelled order stays so; a Shipped one → 409 naming its shipment. */
  async cancel(orderId: string): Promise<{ success: boolean }> {
    const current = await this.find(orderId);
    const now = this.d.now();
    let shippedAs: number | null = null;
    await this.d.repo.change(current.id, (order) => {
      if (order.status === 'Cancelled') return null;
      if (order.status === 'Shipped') {
        shippedAs = order.shipmentId;
        return null;
      }
      return {
        order: { ...order, status: 'Cancelled', updatedOn: now },
        webhook: {
          type: 'order.cancelled',
          payload: JSON.stringify({ orderId: order.uuid, orderNumber: order.orderNumber, status: 'Cancelled' }),
        },
      };
    });
    if (shippedAs !== null)
      throw await this.d.shipments.notShippable(current.orderNumber, { status: 'Shipped', shipmentId: shippedAs });
    return { success: true };
  }

  // ------------------------------------------------------------ rules and ship

  private subject(order: OrderRecord, from: string): RuleSubject {
    return {
      from,
      to: order.deliveryAddress.countryTwoCharacterISOCode,
      weightKg: order.totalWeightKg,
      value: fromMinorUnits(order.totalValueMinor, order.currency),
      channel: order.channel,
      tags: order.tags,
      references: [order.referenceOne, order.referenceTwo, order.referenceThree, order.orderNumber],
    };
  }

  private async collectionAddress(order: OrderRecord): Promise<Address> {
    return order.collectionAddress ?? (await this.d.senderAddress());
  }

  async match(orderId: string): Promise<RuleMatch> {
    const order = await this.find(orderId);
    const from = (await this.collectionAddress(order)).countryTwoCharacterISOCode;
    const found = await this.d.rules.match(this.subject(order, from));
    return found
      ? { rule: { name: found.rule.name, index: found.index }, then: found.rule.then }
      : { rule: null, then: null };
  }

  /**
   * Ships the order through the very same create (docs/contract.md §18): what the body leaves out
   * comes from the first matching rule; the order's items become the customs items.
   */
  async ship(
    orderId: string,
    body: ShipOrderRequest,
    caller: Caller,
    idempotencyKey?: string,
  ): Promise<ShipOrderResponse> {
    const order = await this.find(orderId);
    // Before anything is drawn: a plain retry of a shipped order is answered at once (a keyed one replays).
    if (order.status !== 'Awaiting' && idempotencyKey === undefined)
      throw await this.d.shipments.notShippable(order.orderNumber, order);
    // One wave of reads (on PostgreSQL, one round trip's wait): the rules need neither of the others.
    const [items, collection, match] = await Promise.all([
      this.d.repo.items(order.id),
      this.collectionAddress(order),
      this.d.rules.matcher(),
    ]);
    const errors = new FieldErrors();
    if (!collection.addressLine1)
      errors.add(
        'collectionAddress',
        'The order has no collection address and the station has no sender address: set the sender in Settings',
      );
    const found = match(this.subject(order, collection.countryTwoCharacterISOCode));
    const then = found?.rule.then;
    const serviceId = body.carrierServiceId ?? then?.carrierServiceId;
    // A body naming only a service ships with that service's carrier.
    const carrierId =
      body.carrierId ??
      (body.carrierServiceId === undefined
        ? then?.carrierId
        : this.d.catalog.service(body.carrierServiceId)?.carrierId);
    if (serviceId === undefined)
      errors.add(
        'carrierServiceId',
        'No shipping rule matches this order: choose a carrier service, or add a rule that matches it',
      );
    const pieces = body.shipmentPieces ?? (await this.onePiece(order, body.presetId ?? then?.presetId, errors));
    errors.throwIfAny();
    const international = collection.countryTwoCharacterISOCode !== order.deliveryAddress.countryTwoCharacterISOCode;
    const firstHs = items.find((i) => i.hsCode !== '')?.hsCode;
    const request: CreateShipmentRequest = {
      carrierId: carrierId ?? 0,
      carrierServiceId: serviceId!,
      collectionAddress: collection,
      deliveryAddress: order.deliveryAddress,
      referenceOne: order.referenceOne || order.orderNumber.slice(0, 35),
      referenceTwo: order.referenceTwo,
      referenceThree: order.referenceThree,
      deliveryInstructions: order.deliveryInstructions,
      currency: order.currency,
      shipmentPieces: pieces,
      ...((body.carrierFeatures ?? then?.carrierFeatures) && {
        carrierFeatures: body.carrierFeatures ?? then?.carrierFeatures,
      }),
      ...(international && {
        ...(firstHs && { hsCode: firstHs }),
        descriptionOfGoods: [...new Set(items.map((i) => i.description))].join(', ').slice(0, 70),
        customsItems: items.map((i) => ({
          description: i.description,
          quantity: i.quantity,
          unitValue: fromMinorUnits(i.unitValueMinor, order.currency),
          netWeight: round3(i.unitWeight * i.quantity),
          weightUnit: i.weightUnit,
          ...(i.hsCode && { hsCode: i.hsCode }),
          ...(i.originCountry && { originCountry: i.originCountry }),
        })),
        ...(then?.contentsType && { contentsType: then.contentsType }),
      }),
    };
    // A service chosen by the body came from the operator, not a rule.
    const ruleName = body.carrierServiceId === undefined && found ? found.rule.name : '';
    const created = await this.d.shipments.createForOrder(request, caller, idempotencyKey, {
      orderId: order.id,
      orderNumber: order.orderNumber,
      ruleName,
      webhookPayload: (shipment) =>
        JSON.stringify({ orderId: order.uuid, orderNumber: order.orderNumber, status: 'Shipped', ...shipment }),
    });
    return { ...created, orderId: order.uuid, ruleName };
  }

  /** One piece weighing the items' total, sized by the order's package, else `presetId`. */
  private async onePiece(order: OrderRecord, presetId: number | undefined, errors: FieldErrors) {
    const weight = round3(order.totalWeightKg);
    const pack = order.package;
    if (pack && 'length' in pack) return [{ weight, weightUnit: 'KG' as const, ...pack }];
    const id = pack && 'presetId' in pack ? pack.presetId : presetId;
    const preset = id === undefined ? undefined : await this.d.presets.byId(id);
    if (!preset) {
      errors.add(
        'shipmentPieces',
        id === undefined
          ? 'No package size for this order: give shipmentPieces or a presetId, or the order a package'
          : `Package preset ${id} does not exist: give shipmentPieces or another presetId`,
      );
      return [];
    }
    const { length, width, height, dimensionUnit } = preset;
    return [
      {
        weight: weight > 0 ? weight : (preset.weight ?? 0),
        weightUnit: 'KG' as const,
        length,
        width,
        height,
        dimensionUnit,
      },
    ];
  }

  // ------------------------------------------------------------ packing slip

  async packingSlip(orderId: string, size: PackingSlipSize = 'A4'): Promise<PackingSlipResponse> {
    const { document } = await this.packingSlipDocument(orderId, size);
    return { format: 'pdf', base64String: document.toString('base64') };
  }

  /** The packing slip for a printer: PDF unless the printer speaks ZPL. */
  async packingSlipDocument(
    orderId: string,
    size: PackingSlipSize,
    output: { format: LabelFormat; dpi: LabelDpi } = { format: 'pdf', dpi: 203 },
  ): Promise<{ orderNumber: string; document: Buffer }> {
    const order = await this.find(orderId);
    const items = await this.d.repo.items(order.id);
    const document = await this.d.packingSlips(
      {
        orderNumber: order.orderNumber,
        date: iso(order.orderDate ?? order.createdOn),
        channel: order.channel,
        references: [order.referenceOne, order.referenceTwo, order.referenceThree].filter((r) => r !== ''),
        deliveryAddress: order.deliveryAddress,
        senderAddress: order.collectionAddress ?? (await this.d.senderAddress()),
        items: items.map((i) => ({ sku: i.sku, description: i.description, quantity: i.quantity })),
        notes: order.notes,
      },
      size,
      output,
    );
    return { orderNumber: order.orderNumber, document };
  }
}

/** What an order's input and its detail both carry as it was given: its lines, values in its currency, and notes. */
function asGiven(order: OrderRecord, items: OrderItemRecord[]) {
  return {
    items: items.map((i) => ({
      sku: i.sku,
      description: i.description,
      quantity: i.quantity,
      unitValue: fromMinorUnits(i.unitValueMinor, order.currency),
      unitWeight: i.unitWeight,
      weightUnit: i.weightUnit,
      hsCode: i.hsCode,
      originCountry: i.originCountry,
    })),
    currency: order.currency,
    referenceOne: order.referenceOne,
    referenceTwo: order.referenceTwo,
    referenceThree: order.referenceThree,
    deliveryInstructions: order.deliveryInstructions,
    tags: order.tags,
    notes: order.notes,
    requestedService: order.requestedService,
  };
}

/** An order as its input again: what a PATCH merges its fields into. */
function inputOf(order: OrderRecord, items: OrderItemRecord[]): OrderInput {
  return {
    orderNumber: order.orderNumber,
    channel: order.channel,
    ...(order.orderDate !== null && { orderDate: iso(order.orderDate) }),
    deliveryAddress: order.deliveryAddress,
    ...(order.collectionAddress && { collectionAddress: order.collectionAddress }),
    ...asGiven(order, items),
    ...(order.package && { package: order.package }),
  };
}

function detail(
  order: OrderRecord,
  items: OrderItemRecord[],
  shipment: { uuid: string; shipmentNumber: string } | null,
): OrderDetail {
  const money = (minor: number) => fromMinorUnits(minor, order.currency);
  const blank = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])) as Address;
  return {
    orderId: order.uuid,
    orderNumber: order.orderNumber,
    status: order.status,
    channel: order.channel,
    orderDate: order.orderDate === null ? null : iso(order.orderDate),
    createdOn: iso(order.createdOn),
    updatedOn: iso(order.updatedOn),
    deliveryAddress: { ...blank, ...order.deliveryAddress },
    collectionAddress: order.collectionAddress && { ...blank, ...order.collectionAddress },
    ...asGiven(order, items),
    package: order.package as OrderDetail['package'],
    totalWeightKg: order.totalWeightKg,
    totalValue: money(order.totalValueMinor),
    shipmentId: shipment?.uuid ?? null,
    shipmentNumber: shipment?.shipmentNumber ?? null,
  };
}
