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
import type { Address, Role, ShipmentStatus } from './schemas';

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

/** One line of a customs declaration (CONTRACT §17); its value in the shipment's currency. */
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
  | { replayOf: IdempotencyRecord };

/**
 * Decides, inside the store's transaction, what a status change writes: an event, or
 * null for nothing. It may throw (a ProblemError): then nothing is written.
 */
export type StatusDecision = (current: ShipmentRecord) => EventRecord | null;

export interface ShipmentStore {
  /**
   * Writes the shipment, its pieces and its first event, all or nothing. With a claim,
   * first checks the key: a fresh stored key makes this a replay (nothing written); else
   * the key is stored with the new shipment, replacing an expired one, and keys older than
   * `freshSince` are pruned. Two creates with the same key at once make one shipment.
   * An international shipment's customs declaration is written in the same transaction.
   */
  create(
    shipment: NewShipment,
    pieces: PieceRecord[],
    firstEvent: EventRecord,
    claim?: IdempotencyClaim,
    customs?: CustomsRecord,
  ): Promise<CreateOutcome>;
  /**
   * Reads the shipment as it is now (locked against other writers until this commits),
   * asks `decide`, and appends the event it returns, moving the status columns to the
   * latest event. Returns the shipment as it is afterwards; undefined if there is no such
   * shipment.
   */
  changeStatus(shipmentId: number, decide: StatusDecision): Promise<ShipmentRecord | undefined>;

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
  /**
   * One page and its exact totals (every matching shipment, the sum of their pieces), read
   * as of one moment even while other desks write. Rows are ordered by createdOn then id,
   * both in the filter's direction; a page past the end has none.
   */
  page(filter: ListFilter): Promise<ShipmentPage>;

  idempotencyKey(userId: number, key: string): Promise<IdempotencyRecord | undefined>;
  pruneIdempotencyKeys(createdBefore: number): Promise<void>;
}

/** Sequences that never hand a number out twice, across every desk on the database. */
export type SequenceName = 'shipment-number' | `tracking-serial:${string}`;

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
}

export interface NewTokens {
  userId: number;
  method: string;
  /** Continue this sign-in (a refresh), or start a new one. */
  signInId?: number;
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
  /** False if it was already revoked or does not exist. */
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

/** Sliding-window counters (sign-in failures, public tracking), shared by every desk. */
export interface LimitStore {
  /** Seconds until `key` may act again with at most `limit` hits in `windowMs`; 0 = now. */
  retryAfter(key: string, limit: number, windowMs: number, now: number): Promise<number>;
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
  /** Finishes what is under way, then lets go of the database. */
  close(): Promise<void>;
}

/**
 * Thrown by a store when the database cannot be reached or is busy: a retry may succeed.
 * The doors answer it with 503 and Retry-After.
 */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/** Told before each schema upgrade of an existing database (some take a while). */
export type OnMigration = (migration: { version: number; name: string }) => void;
