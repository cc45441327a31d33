/**
 * The station: the services over one store. Which store, and how it is opened, is the
 * shells' business (main/open-station.ts); the core only sees the storage contract.
 */
import pkg from '../../package.json' with { type: 'json' };
import { AuthService } from './auth';
import { CarrierCatalog, readCatalogFile } from './carriers';
import { ImportService } from './imports';
import { ManifestService, type ManifestRenderer } from './manifests';
import { resourcesDir } from './resources';
import { SettingsService } from './settings';
import { ShipmentService, type LabelRenderer } from './shipments';
import type { Store } from './storage';
import { WebhookService } from './webhooks';

export const VERSION: string = pkg.version;

export interface StationOptions {
  resourcesDir?: string;
  now?: () => number;
  accessTokenMinutes?: number;
  refreshTokenDays?: number;
  labelRenderer?: LabelRenderer;
  /** Draws a manifest's driver copy; the shells pass main/documents' (open-station.ts). */
  manifestRenderer?: ManifestRenderer;
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
  readonly version: string;
  /** Lets go of the store (queued writes finish first). */
  close(): Promise<void>;
}

export async function createStation(store: Store, options: StationOptions = {}): Promise<Station> {
  const now = options.now ?? Date.now;
  const carriers = await CarrierCatalog.load(store.carriers, readCatalogFile(options.resourcesDir ?? resourcesDir()));
  const settings = new SettingsService(store.settings);
  const auth = new AuthService(store.auth, store.limits, {
    accessTokenMinutes: options.accessTokenMinutes ?? 60,
    refreshTokenDays: options.refreshTokenDays ?? 30,
    now,
  });
  // Rendering on this thread is the fallback (the label pool is the rule), so PDFKit and
  // the fonts (~30 MB) are loaded only if it is ever used.
  const labels = options.labelRenderer ?? {
    render: async (data, labelOptions) => (await import('./labels/render-label')).renderLabel(data, labelOptions),
  };
  const shipments = new ShipmentService(
    store.shipments,
    store.numbers,
    store.limits,
    carriers,
    labels,
    () => settings.labelSize(),
    now,
  );
  const manifestRenderer = options.manifestRenderer ?? {
    render: () => Promise.reject(new Error('This station was built without a manifest renderer')),
  };
  const manifests = new ManifestService(store.manifests, carriers, manifestRenderer, now);
  const imports = new ImportService(
    store.imports, shipments, carriers, async () => (await settings.get()).senderAddress, now, store.shipments, () => settings.labelSize(),
  );
  await shipments.pruneIdempotencyKeys();
  // Every station delivers from the outbox; on a shared database the desks share the work.
  const webhooks = new WebhookService(store.webhooks, { now, version: VERSION });
  webhooks.start();
  return {
    store,
    auth,
    carriers,
    shipments,
    settings,
    manifests,
    imports,
    webhooks,
    version: VERSION,
    close: async () => {
      await webhooks.stop();
      await store.close();
    },
  };
}
