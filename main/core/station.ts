/**
 * The station: the services over one store. Which store, and how it is opened, is the
 * shells' business (main/open-station.ts); the core only sees the storage contract.
 */
import { randomBytes } from 'node:crypto';
import pkg from '../../package.json' with { type: 'json' };
import { AddressBookService } from './address-book';
import { AuditTrail } from './audit';
import { DailyBackups, type MakeDailyBackup } from './daily-backup';
import { ProblemError, STORAGE_RETRY_SECONDS } from './errors';
import { AuthService } from './auth';
import { PresetService } from './presets';
import { CarrierCatalog, readCatalogFile } from './carriers';
import { ImportService } from './imports';
import { ManifestService, type ManifestRenderer } from './manifests';
import { OrderService, type PackingSlipRenderer } from './orders';
import { RuleService } from './rules';
import { resourcesDir } from './resources';
import { SecretBox } from './secret-box';
import { SettingsService } from './settings';
import { noScale, ScaleService, type DeskScale } from './scale';
import { noPrinters, PrintService, type DeskPrinters, type TestPageRenderer } from './printing';
import { ShipmentService, type LabelRenderer } from './shipments';
import type { BatchPage, LabelData } from './label-data';
import type { Store } from './storage';
import { WebhookService } from './webhooks';
import type { Resolve } from './webhook-url';
import { noWatchFolder, type DeskWatchFolder } from './watch-folder';

export const VERSION: string = pkg.version;

export interface StationOptions {
  resourcesDir?: string;
  now?: () => number;
  accessTokenMinutes?: number;
  refreshTokenDays?: number;
  /** Writes label documents; the shells pass one from main/labels (open-station.ts). */
  labelRenderer?: LabelRenderer;
  /** Draws a manifest's driver copy; the shells pass main/documents' (open-station.ts). */
  manifestRenderer?: ManifestRenderer;
  /** Several shipments' labels, or their A4 customs forms, as one PDF (an import's, a bulk print); the shells pass main/labels'. */
  labelBatchRenderer?: (items: LabelData[], page: BatchPage) => Promise<Buffer>;
  /** This desk's printers (main/printers); none: every print is refused with a 503. */
  printers?: DeskPrinters;
  /** This desk's scale (main/devices); none: every reading is refused as unset. */
  scale?: DeskScale;
  /** This desk's watched folder's settings and activity (main/folder); none: nothing is watched. */
  watchFolder?: DeskWatchFolder;
  /** Writes the printer doctor's test page (main/labels); none: test pages are refused. */
  testPageRenderer?: TestPageRenderer;
  /** Draws an order's packing slip (main/labels); none: packing slips are refused. */
  packingSlipRenderer?: PackingSlipRenderer;
  /** Seals webhook secrets at rest (open-station.ts reads it off the database); none: a key for this process only. */
  secretKey?: string | Buffer;
  /** Resolves webhook listeners' host names; none: the system's resolver. Tests hand in their own. */
  resolveHost?: Resolve;
  /** Makes the daily backup of a SQLite station's database (main/stores/sqlite/backup.ts); none: not offered. */
  dailyBackup?: MakeDailyBackup;
}

export interface Station {
  readonly store: Store;
  readonly auth: AuthService;
  readonly carriers: CarrierCatalog;
  readonly shipments: ShipmentService;
  readonly settings: SettingsService;
  readonly manifests: ManifestService;
  readonly imports: ImportService;
  readonly webhooks: WebhookService;
  readonly printing: PrintService;
  readonly scale: ScaleService;
  readonly addressBook: AddressBookService;
  readonly presets: PresetService;
  readonly audit: AuditTrail;
  readonly dailyBackups: DailyBackups;
  readonly orders: OrderService;
  readonly rules: RuleService;
  readonly watchFolder: DeskWatchFolder;
  readonly version: string;
  /** The store answers now, or a 503 problem naming it and why not (GET /health/ready). */
  readiness(): Promise<{ status: 'ready'; store: 'sqlite' | 'postgres' }>;
  /**
   * The station's clock in epoch milliseconds (StationOptions.now, else the system's): the
   * one every service reads, so a handler or shell that needs the time reads this too.
   */
  readonly now: () => number;
  /** Lets go of the store (queued writes finish first). */
  close(): Promise<void>;
}

export async function createStation(
  store: Store,
  options: StationOptions & { labelRenderer: LabelRenderer },
): Promise<Station> {
  const now = options.now ?? Date.now;
  const carriers = await CarrierCatalog.load(store.carriers, readCatalogFile(options.resourcesDir ?? resourcesDir()));
  const settings = new SettingsService(store.settings);
  const auth = new AuthService(store.auth, store.limits, {
    accessTokenMinutes: options.accessTokenMinutes ?? 60,
    refreshTokenDays: options.refreshTokenDays ?? 30,
    now,
  });
  const labels = options.labelRenderer;
  const addressBook = new AddressBookService(store.addressBook, now);
  const shipments = new ShipmentService(
    store.shipments,
    store.numbers,
    store.limits,
    carriers,
    labels,
    () => settings.labelSize(),
    now,
    addressBook,
    () => settings.cn22MaxValue(),
    store.orders,
  );
  const rules = new RuleService(store.settings, carriers, store.presets);
  const orders = new OrderService({
    repo: store.orders,
    shipmentStore: store.shipments,
    shipments,
    presets: store.presets,
    catalog: carriers,
    rules,
    senderAddress: async () => (await settings.get()).senderAddress,
    packingSlips:
      options.packingSlipRenderer ??
      (() => Promise.reject(new Error('This station was built without a packing slip renderer'))),
    now,
  });
  const manifestRenderer = options.manifestRenderer ?? {
    render: () => Promise.reject(new Error('This station was built without a manifest renderer')),
  };
  const manifests = new ManifestService(store.manifests, carriers, manifestRenderer, now);
  const imports = new ImportService(
    store.imports,
    shipments,
    carriers,
    async () => (await settings.get()).senderAddress,
    now,
    store.shipments,
    () => settings.labelSize(),
    options.labelBatchRenderer ??
      (() => Promise.reject(new Error('This station was built without a label batch renderer'))),
  );
  await shipments.pruneIdempotencyKeys();
  const testPages: TestPageRenderer =
    options.testPageRenderer ??
    (async () => {
      throw new Error('this station cannot write test pages');
    });
  const printing = new PrintService(
    shipments,
    imports,
    options.printers ?? noPrinters,
    testPages,
    now,
    (id, size, output) => orders.packingSlipDocument(id, size, output),
  );
  // Every station delivers from the outbox; on a shared database the desks share the work.
  const webhooks = new WebhookService(store.webhooks, {
    now,
    version: VERSION,
    secrets: new SecretBox(options.secretKey ?? randomBytes(32)),
    ...(options.resolveHost ? { resolve: options.resolveHost } : {}),
  });
  await webhooks.sealPlainSecrets();
  const scale = new ScaleService(options.scale ?? noScale, now);
  webhooks.start();
  const audit = new AuditTrail(store.audit, now, async () => (await settings.get()).auditDays);
  audit.start();
  const dailyBackups = new DailyBackups(
    options.dailyBackup,
    () => settings.dailyBackup(),
    now,
    () => settings.forget(),
  );
  settings.reportBackups(() => dailyBackups.status());
  dailyBackups.start();
  return {
    store,
    auth,
    carriers,
    shipments,
    settings,
    manifests,
    imports,
    webhooks,
    printing,
    scale,
    addressBook,
    presets: new PresetService(store.presets, now),
    audit,
    dailyBackups,
    orders,
    rules,
    watchFolder: options.watchFolder ?? noWatchFolder,
    version: VERSION,
    readiness: () => readiness(store),
    now,
    close: async () => {
      await webhooks.stop();
      await audit.stop();
      await dailyBackups.stop();
      await scale.desk.close();
      await store.close();
    },
  };
}

async function readiness(store: Store): Promise<{ status: 'ready'; store: 'sqlite' | 'postgres' }> {
  try {
    await store.ping();
  } catch (error) {
    const what = store.dialect === 'sqlite' ? 'The SQLite database' : 'The PostgreSQL database';
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const why = cause instanceof Error ? cause.message : String(cause);
    throw new ProblemError(
      'unavailable',
      `${what} at ${store.location} does not answer: ${why}`,
      { store: store.dialect, location: store.location },
      STORAGE_RETRY_SECONDS,
    );
  }
  return { status: 'ready', store: store.dialect };
}
