/**
 * The storage contract: all the core asks of a store, and all a store must do. Two
 * dialects conform to it (main/stores/sqlite, main/stores/postgres) and pass one contract
 * test suite (test/stores). The core imports this file only: no SQL, no driver, no
 * dialect error codes.
 *
 * Writes are whole operations, each atomic inside the store: a create with its pieces,
 * first event and idempotency record; a status change with its event. A store never holds
 * a transaction open across an `await` of the core's. Where a write depends on what is
 * stored (a status transition, a replayed idempotency key), the core hands the store a
 * synchronous, pure decision that the store calls inside its transaction, on the row as
 * it is then.
 */
import type { Address, AddressKind, DimensionUnit, OrderStatus, Role, ShipmentStatus, WeightUnit } from './schemas';
import type { ListSearch } from './search';

/** Times are integer milliseconds since the epoch (UTC); money is integer minor units. */
export interface ShipmentRecord {
  id: number;
  uuid: string;
  shipmentNumber: string;
  createdOn: number;
  despatchDate: number;
  carrierId: number;
  carrierServiceId: number;
  features: number[];
  collectionAddress: Address;
  deliveryAddress: Address;
  /** Derived by the core at creation (validate-shipment.ts), stored for the list. */
  shipper: string;
  deliveryLine: string;
  /** The delivery post code without spaces, upper case: what the public tracking view compares. */
  deliveryPostcodeKey: string;
  goodsDescription: string;
  deliveryInstructions: string;
  hsCode: string;
  descriptionOfGoods: string;
  referenceOne: string;
  referenceTwo: string;
  referenceThree: string;
  costMinor: number;
  insuredMinor: number;
  currency: string;
  pieceCount: number;
  totalWeight: number;
  weightUnit: string;
  /** The latest event by (occurredOn, insertion order), kept in step by the store. */
  status: ShipmentStatus;
  statusDescription: string;
  statusOn: number;
  statusLocation: string;
  statusSignatory: string;
  createdBy: number | null;
  /** The shipment this one returns (docs/contract.md §23); null for an outbound one. */
  returnOf: number | null;
}
export type NewShipment = Omit<ShipmentRecord, 'id'>;

/** What a list item needs and nothing more. */
export type ShipmentListRecord = Pick<
  ShipmentRecord,
  | 'id'
  | 'uuid'
  | 'shipmentNumber'
  | 'createdOn'
  | 'despatchDate'
  | 'shipper'
  | 'referenceOne'
  | 'deliveryLine'
  | 'carrierId'
  | 'carrierServiceId'
  | 'pieceCount'
  | 'totalWeight'
  | 'weightUnit'
  | 'status'
  | 'statusDescription'
  | 'statusOn'
  | 'statusLocation'
  | 'statusSignatory'
>;

export interface ShipmentPage {
  totals: { items: number; pieces: number };
  rows: ShipmentListRecord[];
}

export interface PieceRecord {
  sequenceNumber: number;
  description: string;
  weight: number;
  weightUnit: string;
  length: number;
  width: number;
  height: number;
  dimensionUnit: string;
  trackingNumber: string;
}

/** One line of a customs declaration (docs/contract.md §17); its value in the shipment's currency. */
export interface CustomsItemRecord {
  sequenceNumber: number;
  description: string;
  quantity: number;
  /** Per unit, minor units. */
  unitValueMinor: number;
  /** The whole line's net weight (all its units). */
  netWeight: number;
  weightUnit: string;
  hsCode: string;
  originCountry: string;
}

/** An international shipment's declaration: written with it, in the same transaction. */
export interface CustomsRecord {
  contentsType: string;
  /** The sender's EORI, VAT and IOSS numbers as the create gave them; '' for none. */
  senderEori: string;
  senderVat: string;
  senderIoss: string;
  /** Declared under the sender's IOSS number (docs/contract.md §17). */
  iossApplied: boolean;
  items: CustomsItemRecord[];
}

export interface EventRecord {
  status: ShipmentStatus;
  description: string;
  location: string;
  signatory: string;
  signatoryFileName: string;
  latitude: number | null;
  longitude: number | null;
  depotId: number | null;
  trackingNumber: string;
  /** Username, or `system`. */
  user: string;
  occurredOn: number;
}

export interface ListFilter {
  statuses: ShipmentStatus[];
  /** Inclusive bounds on createdOn; null = unbounded. */
  from: number | null;
  to: number | null;
  newestFirst: boolean;
  limit: number;
  offset: number;
  /** Only shipments the search finds (docs/contract.md §12); absent = every shipment. */
  search?: ListSearch;
  /** Only return shipments (docs/contract.md §23). */
  returnsOnly?: boolean;
}

export interface IdempotencyRecord {
  requestHash: Buffer;
  shipmentId: number;
  createdOn: number;
}

/** A create's idempotency key: stored with the shipment, or the shipment it already made. */
export interface IdempotencyClaim {
  userId: number;
  key: string;
  requestHash: Buffer;
  /** A stored key created before this is expired: it is replaced, and pruned. */
  freshSince: number;
}

export type CreateOutcome =
  | { created: ShipmentRecord }
  /** The key was already stored and fresh: nothing was written. */
  | { replayOf: IdempotencyRecord }
  /** The order to ship was not Awaiting when the write ran: nothing was written. */
  | { orderNotShippable: { status: OrderStatus; shipmentId: number | null } };

/**
 * A create that ships an order (docs/contract.md §18): the order is checked and linked in the
 * create's own transaction, so no crash leaves one without the other.
 */
export interface OrderShipment {
  orderId: number;
  /** The shipping rule that chose the service, or ''. */
  ruleName: string;
  /** The `order.shipped` webhook message, enqueued in the same transaction. */
  webhookPayload: string;
}

/**
 * Decides, inside the store's transaction, what a status change writes: an event, or
 * null for nothing. It may throw (a ProblemError): then nothing is written. `latest` is
 * the event the status comes from (the latest by occurredOn, then insertion order).
 */
export type StatusDecision = (current: ShipmentRecord, latest: EventRecord) => EventRecord | null;

/** A shipment of a printed batch, and what its Printed event says (where it was printed). */
export interface PrintedMark {
  shipmentId: number;
  description: string;
}

/** A shipment made in bulk rather than by a desk: its pieces and every event, oldest first. */
export interface ShipmentHistory {
  shipment: NewShipment;
  pieces: PieceRecord[];
  events: EventRecord[];
}

export interface ShipmentStore {
  /**
   * Writes the shipment, its pieces and its first event, all or nothing. With a claim,
   * first checks the key: a fresh stored key makes this a replay (nothing written); else
   * the key is stored with the new shipment, replacing an expired one, and keys older than
   * `freshSince` are pruned. Two creates with the same key at once make one shipment.
   * The shipment's search terms (search.ts) are written with it.
   * An international shipment's customs declaration is written in the same transaction.
   */
  create(
    shipment: NewShipment,
    pieces: PieceRecord[],
    firstEvent: EventRecord,
    claim?: IdempotencyClaim,
    customs?: CustomsRecord,
    order?: OrderShipment,
  ): Promise<CreateOutcome>;
  /**
   * Reads the shipment as it is now (locked against other writers until this commits),
   * asks `decide`, and appends the event it returns, moving the status columns to the
   * latest event. Returns the shipment as it is afterwards; undefined if there is no such
   * shipment. A shipment that becomes Cancelled puts the order it shipped back to
   * Awaiting in the same write (docs/contract.md §18).
   */
  changeStatus(shipmentId: number, decide: StatusDecision): Promise<ShipmentRecord | undefined>;
  /**
   * Not Printed → Printed for a whole batch, in one transaction: each listed shipment still
   * Not Printed when the write runs gets a Printed event (its description, by `by.user` at
   * `by.occurredOn`) and its status columns move to it; any other (cancelled or printed
   * meanwhile, on this desk or another) is left as it is. Returns the ids it changed.
   */
  markPrinted(marks: PrintedMark[], by: { user: string; occurredOn: number }): Promise<number[]>;
  /**
   * Writes shipments made in bulk (demo data, the bench's data set, a test's set-up) with
   * their pieces and whole history, the batch all or nothing, search terms as a create's.
   * Their numbers come from `NumberStore.take`; the status columns are the last event's.
   */
  load(batch: ShipmentHistory[]): Promise<void>;
  /**
   * `load` for many batches (demo data): each batch written all or nothing as it comes. A
   * store may write the batches' search terms at the end, all at once; those of a load cut
   * short are then written when the store next opens, before it answers anything.
   */
  loadAll(batches: AsyncIterable<ShipmentHistory[]>): Promise<void>;

  byId(id: number): Promise<ShipmentRecord | undefined>;
  byUuid(uuid: string): Promise<ShipmentRecord | undefined>;
  byNumber(shipmentNumber: string): Promise<ShipmentRecord | undefined>;
  byTrackingNumber(trackingNumber: string): Promise<ShipmentRecord | undefined>;
  /** In sequence order. */
  pieces(shipmentId: number): Promise<PieceRecord[]>;
  /** Oldest first: by occurredOn, then insertion order. */
  events(shipmentId: number): Promise<EventRecord[]>;
  /** The customs declaration, items in sequence order; undefined for a domestic shipment. */
  customs(shipmentId: number): Promise<CustomsRecord | undefined>;
  /** The shipments made as returns of this one (their `returnOf`), oldest first. */
  returnsOf(shipmentId: number): Promise<{ uuid: string; shipmentNumber: string }[]>;
  /**
   * One page and its exact totals (every matching shipment, the sum of their pieces), read
   * as of one moment even while other desks write. Rows are ordered by createdOn then id,
   * both in the filter's direction; a page past the end has none.
   */
  page(filter: ListFilter): Promise<ShipmentPage>;

  /** A key it reports is durable: its shipment survives a power cut, so a replay may be answered. */
  idempotencyKey(userId: number, key: string): Promise<IdempotencyRecord | undefined>;
  pruneIdempotencyKeys(createdBefore: number): Promise<void>;
}

/** Sequences that never hand a number out twice, across every desk on the database. */
export type SequenceName = 'shipment-number' | 'manifest-number' | `tracking-serial:${string}`;

export interface NumberStore {
  /**
   * `count` numbers of the sequence, ascending, never handed out before (the first ever is
   * 1). Numbers taken by a create that then fails are skipped, never reused. They are
   * durable by the time a create that used them is durable.
   */
  take(sequence: SequenceName, count: number): Promise<number[]>;
}

export interface UserRecord {
  id: number;
  username: string;
  passwordHash: string;
  role: Role;
  disabled: boolean;
  createdOn: number;
}

export interface ApiKeyRecord {
  id: number;
  userId: number;
  username: string;
  name: string;
  prefix: string;
  createdOn: number;
  lastUsedOn: number | null;
  revokedOn: number | null;
}

export interface TokenRecord {
  signInId: number;
  userId: number;
  /** The token's user as it is now: one read checks a request's token and its user. */
  username: string;
  role: Role;
  userDisabled: boolean;
  kind: 'access' | 'refresh';
  expiresOn: number;
  usedOn: number | null;
  signInRevokedOn: number | null;
  /** The API key its sign-in was made with (its name), or null. */
  apiKeyName: string | null;
}

export interface NewTokens {
  userId: number;
  method: string;
  /** Continue this sign-in (a refresh), or start a new one. */
  signInId?: number;
  /** The API key a new sign-in was made with: revoking the key ends the sign-in. */
  apiKeyId?: number;
  tokens: { hash: Buffer; kind: 'access' | 'refresh'; expiresOn: number }[];
  now: number;
  /** Tokens that expired before this are deleted, and sign-ins left without any. */
  pruneBefore: number;
}

export type RefreshOutcome =
  /** Marked used by this call: the caller may issue the next pair in its sign-in. */
  | { token: TokenRecord }
  /** Not a live refresh token. */
  | { unknown: true }
  /** Already used: its whole sign-in has just been revoked. */
  | { reused: true };

export interface AuthStore {
  countUsers(): Promise<number>;
  countActiveAdmins(): Promise<number>;
  /** Case-insensitive. */
  userByName(username: string): Promise<UserRecord | undefined>;
  userById(id: number): Promise<UserRecord | undefined>;
  users(): Promise<UserRecord[]>;
  /** The new user's id, or null when the name (case-insensitively) is taken. */
  insertUser(user: Omit<UserRecord, 'id' | 'disabled'>): Promise<number | null>;
  /** Saves role, disabled and password hash; with `revokeSignIns`, ends the user's sign-ins in the same write. */
  updateUser(user: UserRecord, revokeSignIns: boolean, now: number): Promise<void>;
  /** Swaps the hash only if it is still `previous` (no password change since). */
  replacePasswordHash(userId: number, previous: string, next: string): Promise<boolean>;

  insertApiKey(key: { userId: number; name: string; prefix: string; hash: Buffer; createdOn: number }): Promise<number>;
  apiKeyByHash(hash: Buffer): Promise<{ id: number; userId: number; revokedOn: number | null } | undefined>;
  touchApiKey(id: number, now: number): Promise<void>;
  /** The keys not revoked, by id. */
  apiKeys(): Promise<ApiKeyRecord[]>;
  apiKeyById(id: number): Promise<ApiKeyRecord | undefined>;
  /** Revokes the key and, in the same write, every sign-in made with it. False if it was already revoked or does not exist. */
  revokeApiKey(id: number, now: number): Promise<boolean>;

  /** Stores the tokens in a new or the given sign-in; returns the sign-in's id. */
  issueTokens(tokens: NewTokens): Promise<number>;
  tokenByHash(hash: Buffer): Promise<TokenRecord | undefined>;
  /** Single use, under concurrency: see RefreshOutcome. */
  useRefreshToken(hash: Buffer, now: number): Promise<RefreshOutcome>;
}

export interface SettingsStore {
  get<T>(name: string): Promise<T | undefined>;
  set(name: string, value: unknown): Promise<void>;
}

/** No limit's window is longer: `record` drops every key's hits older than this. */
export const LIMIT_HORIZON_MS = 60 * 60_000;

/** Sliding-window counters (sign-in failures, public tracking), shared by every desk. */
export interface LimitStore {
  /** Seconds until `key` may act again with at most `limit` hits in `windowMs`; 0 = now. */
  retryAfter(key: string, limit: number, windowMs: number, now: number): Promise<number>;
  /**
   * Adds a hit for `key`, dropping its hits older than `windowMs` and every key's older than
   * LIMIT_HORIZON_MS: keys used once (a guessed API key) do not stay for ever.
   */
  record(key: string, windowMs: number, now: number): Promise<void>;
  reset(key: string): Promise<void>;
}

export interface CarrierRecord {
  id: number;
  code: string;
  name: string;
  trackingPrefix: string;
}
export interface ServiceRecord {
  id: number;
  carrierId: number;
  systemName: string;
  name: string;
  uniqueIdentifier: string;
  serviceCode: string;
  maxWeightKg: number;
  maxLengthCm: number;
  scope: 'domestic' | 'international' | 'both';
  /** Carries returns only (docs/contract.md §23). */
  isReturn: boolean;
}
export interface FeatureRecord {
  id: number;
  carrierId: number;
  name: string;
  code: string;
}
export interface CatalogRecords {
  carriers: CarrierRecord[];
  services: ServiceRecord[];
  features: FeatureRecord[];
}

export interface CarrierStore {
  /** Adds and updates, never deletes (shipments refer to them); all or nothing. */
  sync(catalog: CatalogRecords): Promise<void>;
  /** Everything, each list by id. */
  all(): Promise<CatalogRecords>;
}

/** A closed manifest (docs/contract.md §13): its numbers are fixed when it is made. */
export interface ManifestRecord {
  id: number;
  manifestNumber: string;
  carrierId: number;
  createdOn: number;
  /** The operator's username. */
  createdBy: string;
  shipmentCount: number;
  pieceCount: number;
  totalWeightKg: number;
}

/** A shipment as its manifest lists it, in manifest order. */
export interface ManifestLine {
  shipmentId: number;
  uuid: string;
  shipmentNumber: string;
  referenceOne: string;
  deliveryName: string;
  deliveryPostcode: string;
  deliveryCountry: string;
  pieceCount: number;
  totalWeight: number;
  weightUnit: string;
  /** In sequence order. */
  trackingNumbers: string[];
}

export interface ManifestClose {
  carrierId: number;
  /** Only these shipments (by uuid), when given; else every one waiting. */
  uuids?: string[];
  createdOn: number;
  createdBy: string;
  /** The `Manifested` event each shipment gets (the same for all). */
  event: EventRecord;
  /** The manifest number for the store's next manifest-number serial. */
  numberFor(serial: number): string;
  /** Pieces and kilograms of the shipments closed; pure, called inside the store's transaction. */
  totals(shipments: Pick<ShipmentRecord, 'pieceCount' | 'totalWeight' | 'weightUnit'>[]): {
    pieceCount: number;
    totalWeightKg: number;
  };
}

export interface ManifestFilter {
  carrierId: number | null;
  /** Inclusive bounds on createdOn; null = unbounded. */
  from: number | null;
  to: number | null;
  limit: number;
  offset: number;
}

/** Per carrier: shipments still Not Printed, and Printed ones not yet on a manifest. */
export interface CarrierDayCounts {
  carrierId: number;
  notPrinted: number;
  printedWaiting: number;
}

export interface ManifestStore {
  /**
   * In one transaction: every `Printed` shipment of the carrier (of `uuids`, if given) that
   * is on no manifest gets `event` and is listed, in id order, on a new manifest numbered
   * from the store's sequence. Null when there was nothing to close (then nothing is
   * written and no number is taken). Two closes at once never share a shipment.
   */
  close(close: ManifestClose): Promise<ManifestRecord | null>;
  byId(id: number): Promise<ManifestRecord | undefined>;
  lines(manifestId: number): Promise<ManifestLine[]>;
  /** Newest first (createdOn, then id); the total counts every match. */
  page(filter: ManifestFilter): Promise<{ total: number; rows: ManifestRecord[] }>;
  /** Carriers with any Not Printed or waiting Printed shipment, by carrier id. */
  dayCounts(): Promise<CarrierDayCounts[]>;
}

/** A batch import's outcome (docs/contract.md §14), kept so it can be read again and replayed. */
export interface ImportRecord {
  id: number;
  userId: number;
  /** The Idempotency-Key it was sent with, or null. */
  key: string | null;
  /** SHA-256 of the file. */
  fileHash: Buffer;
  createdOn: number;
  /** The answer as JSON text. */
  result: string;
}

export interface ImportStore {
  /** Stores the import; when its (user, key) is stored already, nothing is written and that one is returned. */
  save(record: Omit<ImportRecord, 'id'>): Promise<{ id: number } | { existing: ImportRecord }>;
  byId(id: number): Promise<ImportRecord | undefined>;
  byKey(userId: number, key: string): Promise<ImportRecord | undefined>;
  /** Of these references, those that a shipment not Cancelled has as its referenceOne. */
  liveReferences(references: string[]): Promise<string[]>;
}

export interface WebhookRecord {
  id: number;
  url: string;
  /** Signs each delivery; shown once, at subscription. Stored sealed by the core (secret-box.ts). */
  secret: string;
  events: string[];
  /** The shipment statuses whose tracking events those events stand for (the outbox trigger reads these). */
  statuses: ShipmentStatus[];
  allowRemote: boolean;
  createdOn: number;
  createdBy: string;
}

/** One outbox row: a change to tell one subscription about, and how its delivery went. */
export interface OutboxRecord {
  id: number;
  webhookId: number;
  /** A tracking event (what the trigger enqueues), with its shipment… */
  trackingEventId: number | null;
  event: (EventRecord & { shipmentUuid: string; shipmentNumber: string }) | null;
  /** …or a message of its own (a test). */
  type: string | null;
  payload: string | null;
  createdOn: number;
  attempts: number;
  nextAttemptOn: number;
  lastAttemptOn: number | null;
  lastStatus: number | null;
  lastError: string;
  deliveredOn: number | null;
  failedOn: number | null;
}

export interface DeliveryAttempt {
  now: number;
  /** The listener's HTTP status, or null when it could not be reached. */
  status: number | null;
  error: string;
  delivered: boolean;
  /** After a failure: when to try again, or null to give up. */
  nextAttemptOn: number | null;
}

export interface WebhookStore {
  /** The new subscription's id. Changes recorded from now on are enqueued for it. */
  insert(webhook: Omit<WebhookRecord, 'id'>): Promise<number>;
  /** By id. */
  all(): Promise<WebhookRecord[]>;
  /** The subscription and its outbox; false if there was none. */
  remove(id: number): Promise<boolean>;
  /** Enqueues a message that is not a tracking event; its outbox row's id. */
  enqueue(webhookId: number, type: string, payload: string, now: number): Promise<number>;
  /**
   * Up to `limit` rows due at `now`, oldest first, leased to the caller until `leaseUntil`:
   * while leased, no other deliverer (on any desk) gets them.
   */
  claimDue(now: number, leaseUntil: number, limit: number): Promise<OutboxRecord[]>;
  /** Records an attempt and ends the lease. */
  settle(outboxId: number, attempt: DeliveryAttempt): Promise<void>;
  /** The subscription's latest outbox rows, newest first. */
  deliveries(webhookId: number, limit: number): Promise<OutboxRecord[]>;
  delivery(outboxId: number): Promise<OutboxRecord | undefined>;
  /**
   * Deletes up to `limit` settled outbox rows that are not among their subscription's
   * `keepLatest` newest: every delivered one, and failed ones that gave up before
   * `failedBefore`. Pending rows are never taken. How many went; safe on several desks at once.
   */
  prune(keepLatest: number, failedBefore: number, limit: number): Promise<number>;
  /** Replaces a subscription's stored secret if it is still `was` (desks sealing at once); whether it did. */
  replaceSecret(id: number, was: string, secret: string): Promise<boolean>;
}

/** A saved address (docs/contract.md §14), shared by every desk on the database. */
export interface SavedAddressRecord {
  id: number;
  kind: AddressKind;
  nickname: string;
  address: Address;
  /** Folded words to search, each preceded by a space (core/address-book.ts). */
  searchText: string;
  /** What the book is ordered by: folded nickname, else name. */
  sortKey: string;
  updatedOn: number;
}
export type NewSavedAddress = Omit<SavedAddressRecord, 'id'>;

export interface AddressBookStore {
  /** Those whose searchText holds every one of `words` (each ` word`), of `kind`; by sortKey then id. */
  list(filter: {
    words: string[];
    kind: AddressKind | null;
    limit: number;
  }): Promise<{ total: number; rows: SavedAddressRecord[] }>;
  byId(id: number): Promise<SavedAddressRecord | undefined>;
  /** A saved address of this kind with exactly these fields, if any. */
  sameAs(kind: AddressKind, address: Address): Promise<SavedAddressRecord | undefined>;
  insert(record: NewSavedAddress): Promise<number>;
  /** False when there is no such address. */
  update(record: SavedAddressRecord): Promise<boolean>;
  remove(id: number): Promise<boolean>;
}

/** A package preset (docs/contract.md §14): a box the desk ships often. */
export interface PackagePresetRecord {
  id: number;
  name: string;
  length: number;
  width: number;
  height: number;
  dimensionUnit: DimensionUnit;
  weight: number | null;
  weightUnit: WeightUnit;
  description: string;
  updatedOn: number;
}

export interface PresetStore {
  /** Every preset, by name then id. */
  list(): Promise<PackagePresetRecord[]>;
  byId(id: number): Promise<PackagePresetRecord | undefined>;
  insert(record: Omit<PackagePresetRecord, 'id'>): Promise<number>;
  /** False when there is no such preset. */
  update(record: PackagePresetRecord): Promise<boolean>;
  remove(id: number): Promise<boolean>;
}

/** One entry of the audit trail (docs/contract.md §22). */
export interface AuditRecord {
  at: number;
  /** Who: a user name, or the name tried by a refused sign-in. */
  username: string;
  /** The door: `window` (IPC), `http`, or a later door's name. */
  via: string;
  /** The API key's name where the call's sign-in was made with one. */
  apiKey: string | null;
  kind: string;
  /** What it was done to, as a person names it: a shipment number, a user name, a printer. */
  subject: string;
  /** Before → after and the like, secrets left out. */
  detail: Record<string, unknown>;
}

export interface AuditFilter {
  kinds: string[];
  /** Case-insensitive. */
  username: string | null;
  /** Inclusive bounds on `at`; null = unbounded. */
  from: number | null;
  to: number | null;
  limit: number;
  offset: number;
}

/** One line of an order (docs/contract.md §18); values in the order's currency. */
export interface OrderItemRecord {
  sequenceNumber: number;
  sku: string;
  description: string;
  quantity: number;
  /** Per unit, minor units. */
  unitValueMinor: number;
  /** Per unit. */
  unitWeight: number;
  weightUnit: WeightUnit;
  hsCode: string;
  originCountry: string;
}

/** The box an order goes in: a preset, or its size. */
export type OrderPackage =
  { presetId: number } | { length: number; width: number; height: number; dimensionUnit: DimensionUnit };

export interface OrderRecord {
  id: number;
  uuid: string;
  orderNumber: string;
  channel: string;
  orderDate: number | null;
  createdOn: number;
  updatedOn: number;
  status: OrderStatus;
  deliveryAddress: Address;
  /** Null: the station's sender address, as it is when the order is shipped. */
  collectionAddress: Address | null;
  currency: string;
  referenceOne: string;
  referenceTwo: string;
  referenceThree: string;
  deliveryInstructions: string;
  notes: string;
  requestedService: string;
  tags: string[];
  package: OrderPackage | null;
  /** Derived by the core from the items, stored for the list. */
  itemCount: number;
  totalWeightKg: number;
  totalValueMinor: number;
  /** The shipment it is Shipped as; null otherwise. */
  shipmentId: number | null;
  createdBy: number | null;
}
export type NewOrder = Omit<OrderRecord, 'id' | 'shipmentId'>;

/** What a list item needs: the order and its shipment's number. */
export type OrderListRecord = Pick<
  OrderRecord,
  | 'uuid'
  | 'orderNumber'
  | 'status'
  | 'createdOn'
  | 'channel'
  | 'deliveryAddress'
  | 'itemCount'
  | 'totalWeightKg'
  | 'shipmentId'
> & { shipmentUuid: string | null; shipmentNumber: string | null };

export interface OrderFilter {
  statuses: OrderStatus[];
  /** Only orders with one of these terms (exactly) or a term starting with one of `prefixes`; and each of `allPrefixes`. */
  search?: { exact: string[]; prefixes: string[]; allPrefixes: string[] };
  limit: number;
  offset: number;
}

export interface AuditStore {
  /** Appends the entries in one write, in order. */
  append(entries: AuditRecord[]): Promise<void>;
  /** Newest first, with the exact total of matching entries. */
  page(filter: AuditFilter): Promise<{ total: number; rows: AuditRecord[] }>;
  /** How many entries of these kinds name `subject`, and the latest of them. */
  count(subject: string, kinds: string[]): Promise<{ count: number; latest: AuditRecord | null }>;
  /** Deletes up to `limit` of the oldest entries made before `before`; returns how many. */
  prune(before: number, limit: number): Promise<number>;
}

/** A batch of new orders (docs/contract.md §18), each with its items and `order.created` message. */
export interface OrderInsert {
  order: NewOrder;
  items: OrderItemRecord[];
  webhookPayload: string;
}

/** A POST /orders key: its answer is stored with the orders it made, in the same transaction. */
export interface OrderRequestClaim {
  userId: number;
  key: string;
  requestHash: Buffer;
  freshSince: number;
}

/**
 * What a change to an order writes, decided inside the store's transaction on the order as
 * it is then: the whole record again, its items when they change, and a webhook message.
 * Null: nothing. It may throw (a ProblemError): then nothing is written.
 */
export type OrderDecision = (
  current: OrderRecord,
  items: OrderItemRecord[],
) => { order: OrderRecord; items?: OrderItemRecord[]; webhook?: { type: string; payload: string } } | null;

export interface OrderStore {
  /**
   * Writes each order whose number (ignoring case) is not stored yet, with its items,
   * search terms and webhook message, all in one transaction; `ids` has null for an order
   * passed by as known. `answer(ids)` is kept with the claim's key. A fresh stored key makes
   * this a replay: nothing is written.
   */
  insert(
    batch: OrderInsert[],
    claim: OrderRequestClaim | undefined,
    answer: (ids: (number | null)[]) => string,
  ): Promise<{ ids: (number | null)[] } | { replayOf: { requestHash: Buffer; answer: string } }>;
  /** Reads the order (locked until this commits), asks `decide`, writes what it returns. Undefined: no such order. */
  change(id: number, decide: OrderDecision): Promise<OrderRecord | undefined>;
  byId(id: number): Promise<OrderRecord | undefined>;
  byUuid(uuid: string): Promise<OrderRecord | undefined>;
  /** Of these numbers, those an order has (compared ignoring case), as stored. */
  knownNumbers(orderNumbers: string[]): Promise<string[]>;
  /** In sequence order. */
  items(orderId: number): Promise<OrderItemRecord[]>;
  /** Newest first (createdOn, then id); the total counts every match. */
  page(filter: OrderFilter): Promise<{ total: number; rows: OrderListRecord[] }>;
  /** The order a shipment was made from, and the rule that chose its service. */
  ofShipment(shipmentId: number): Promise<{ orderUuid: string; orderNumber: string; ruleName: string } | undefined>;
}

export interface Store {
  readonly dialect: 'sqlite' | 'postgres';
  /** Where the data lives, for a person: a file, or a database URL without its password. */
  readonly location: string;
  readonly shipments: ShipmentStore;
  readonly numbers: NumberStore;
  readonly auth: AuthStore;
  readonly settings: SettingsStore;
  readonly limits: LimitStore;
  readonly carriers: CarrierStore;
  readonly manifests: ManifestStore;
  readonly imports: ImportStore;
  readonly webhooks: WebhookStore;
  readonly addressBook: AddressBookStore;
  readonly presets: PresetStore;
  readonly audit: AuditStore;
  /**
   * Resolves when the database answers a query now; rejects with StorageUnavailableError
   * saying why not (GET /health/ready).
   */
  ping(): Promise<void>;
  readonly orders: OrderStore;
  /** Finishes what is under way, then lets go of the database. */
  close(): Promise<void>;
}

/**
 * Thrown by a store when the database cannot be reached or is busy: a retry may succeed.
 * The doors answer it with 503 and Retry-After.
 */
export class StorageUnavailableError extends Error {
  /**
   * Why, in an operator's words, when the store knows a cause that lasts until someone acts
   * ("the disk is full"): the 503 names it. None for a passing one (busy, a lost connection).
   */
  readonly reason: string | undefined;
  constructor(message: string, options?: { cause?: unknown; reason?: string }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
    this.reason = options?.reason;
  }
}

/**
 * The store could not make a commit durable (an fsync failed): what was written may not be
 * on disk. Fatal for writes: the store takes none until the station is restarted.
 */
export class StorageFailedError extends StorageUnavailableError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageFailedError';
  }
}

/** Told before each schema upgrade of an existing database (some take a while). */
export type OnMigration = (migration: { version: number; name: string }) => void;
