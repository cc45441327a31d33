/**
 * The station: the services over one store. Which store, and how it is opened, is the
 * shells' business (main/open-station.ts); the core only sees the storage contract.
 */
import pkg from '../../package.json' with { type: 'json' };
import { AuthService } from './auth';
import { CarrierCatalog, readCatalogFile } from './carriers';
import { resourcesDir } from './resources';
import { SettingsService } from './settings';
import { ShipmentService, type LabelRenderer } from './shipments';
import type { Store } from './storage';

export const VERSION: string = pkg.version;

export interface StationOptions {
  resourcesDir?: string;
  now?: () => number;
  accessTokenMinutes?: number;
  refreshTokenDays?: number;
  /** Writes label documents; the shells pass one from main/labels (open-station.ts). */
  labelRenderer?: LabelRenderer;
}

export interface Station {
  readonly store: Store;
  readonly auth: AuthService;
  readonly carriers: CarrierCatalog;
  readonly shipments: ShipmentService;
  readonly settings: SettingsService;
  readonly version: string;
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
  const shipments = new ShipmentService(
    store.shipments,
    store.numbers,
    store.limits,
    carriers,
    labels,
    () => settings.labelSize(),
    now,
    () => settings.cn22MaxValue(),
  );
  await shipments.pruneIdempotencyKeys();
  return { store, auth, carriers, shipments, settings, version: VERSION, close: () => store.close() };
}
