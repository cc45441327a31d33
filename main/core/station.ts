/**
 * The station: the services over one store. Which store, and how it is opened, is the
 * shells' business (main/open-station.ts); the core only sees the storage contract.
 */
import pkg from '../../package.json' with { type: 'json' };
import { AddressBookService } from './address-book';
import { AuthService } from './auth';
import { PresetService } from './presets';
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
  labelRenderer?: LabelRenderer;
}

export interface Station {
  readonly store: Store;
  readonly auth: AuthService;
  readonly carriers: CarrierCatalog;
  readonly shipments: ShipmentService;
  readonly settings: SettingsService;
  readonly addressBook: AddressBookService;
  readonly presets: PresetService;
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
  );
  await shipments.pruneIdempotencyKeys();
  return { store, auth, carriers, shipments, settings, addressBook, presets: new PresetService(store.presets, now), version: VERSION, close: () => store.close() };
}
