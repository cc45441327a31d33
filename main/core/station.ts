/**
 * The station: one SQLite file and the services over it. Both the headless server and the
 * Electron main process open it the same way.
 */
import pkg from '../../package.json' with { type: 'json' };
import { authRepo } from '../store/auth-repo';
import { carriersRepo } from '../store/carriers-repo';
import { openDatabase, type Db, type OnMigration } from '../store/database';
import { settingsRepo } from '../store/settings-repo';
import { shipmentsRepo } from '../store/shipments-repo';
import { walSync } from '../store/wal-sync';
import { AuthService } from './auth';
import { CarrierCatalog, readCatalogFile } from './carriers';
import { resourcesDir } from './resources';
import { SettingsService } from './settings';
import { ShipmentService, type LabelRenderer } from './shipments';

export const VERSION: string = pkg.version;

export interface StationOptions {
  dataDir: string;
  resourcesDir?: string;
  now?: () => number;
  accessTokenMinutes?: number;
  refreshTokenDays?: number;
  labelRenderer?: LabelRenderer;
  /** Told before each schema upgrade of an existing database (they can take a while). */
  onMigration?: OnMigration;
}

export interface Station {
  readonly db: Db;
  readonly auth: AuthService;
  readonly carriers: CarrierCatalog;
  readonly shipments: ShipmentService;
  readonly settings: SettingsService;
  readonly version: string;
  close(): void;
}

export function openStation(options: StationOptions): Station {
  const now = options.now ?? Date.now;
  const db = openDatabase(options.dataDir, options.onMigration);
  try {
    const carriers = new CarrierCatalog(carriersRepo(db));
    carriers.sync(readCatalogFile(options.resourcesDir ?? resourcesDir()));
    const settings = new SettingsService(settingsRepo(db));
    const auth = new AuthService(authRepo(db), {
      accessTokenMinutes: options.accessTokenMinutes ?? 60,
      refreshTokenDays: options.refreshTokenDays ?? 30,
      now,
    });
    // Rendering on this thread is the fallback (the label pool is the rule), so PDFKit and
    // the fonts (~30 MB) are loaded only if it is ever used.
    const labels = options.labelRenderer ?? {
      render: async (data, labelOptions) => (await import('./labels/render-label')).renderLabel(data, labelOptions),
    };
    const wal = walSync(`${db.name}-wal`);
    const shipments = new ShipmentService(shipmentsRepo(db, wal), carriers, labels, () => settings.labelSize(), now);
    shipments.pruneIdempotencyKeys();
    return {
      db,
      auth,
      carriers,
      shipments,
      settings,
      version: VERSION,
      close: () => {
        wal.close();
        if (db.open) db.close();
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}
