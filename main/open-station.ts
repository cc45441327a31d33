/**
 * The one start sequence every shell uses (serve, the desktop app, the CLI, the tests):
 * open the chosen store, then build the station's services over it, its documents drawn
 * by the label pool (main/labels/label-pool.ts) unless the caller says otherwise.
 */
import type { LabelRenderer } from './core/shipments';
import type { OnMigration } from './core/storage';
import { createStation, type Station, type StationOptions } from './core/station';
import { labelPoolFromEnv, poolRenderers } from './labels/label-pool';
import { createDeskScale } from './devices/desk-scale';
import { createDeskPrinters } from './printers/desk-printers';
import { createDeskFolder } from './folder/desk-folder';
import { FolderWatcher } from './folder/watcher';
import { stationKey } from './station-key';
import { openStore, type StoreOptions } from './stores/open-store';

export type OpenStationOptions = StoreOptions &
  StationOptions & {
    /**
     * Draw labels, batches and manifests in the pool of worker threads that
     * SHIPPING_STATION_LABEL_WORKERS sizes (0: none), closed with the station. Default true;
     * tests and one-shot commands pass false and draw on this thread. A renderer passed
     * in the options wins over the pool's.
     */
    labelPool?: boolean;
    /**
     * Watch the desk's folder (main/folder) while the station is open: the shells that serve
     * (serve, the desktop app) do; one-shot commands and most tests do not. `pollMs`: how
     * often it looks, `settleMs`: how long a file holds still before it is taken (1 s each).
     */
    watch?: boolean | { pollMs?: number; settleMs?: number };
  };

/**
 * A station as opened here. Its label pool's workers spawn on the first document drawn, or
 * at `startLabelWorkers()`: the shells that serve call it once they listen, so that the
 * workers' own start does not take CPU from theirs.
 */
export type OpenedStation = Station & { startLabelWorkers(): void };

export async function openStation(options: OpenStationOptions): Promise<OpenedStation> {
  const store = await openStore(options);
  const pool = options.labelPool === false ? undefined : labelPoolFromEnv();
  const pooled = pool ? poolRenderers(pool) : undefined;
  const deskFolder = createDeskFolder({ dataDir: options.dataDir, now: options.now ?? Date.now });
  try {
    const opened = await createStation(store, {
      ...options,
      watchFolder: options.watchFolder ?? deskFolder,
      labelRenderer: options.labelRenderer ?? pooled?.labelRenderer ?? inThreadRenderer,
      // The desk's own printers, in its data folder even when the database is shared.
      printers: options.printers ?? createDeskPrinters({ dataDir: options.dataDir }),
      scale: options.scale ?? createDeskScale({ dataDir: options.dataDir }),
      secretKey: options.secretKey ?? stationKey(options.dataDir),
      // A desk's own file is backed up by the station; a shared database by pg_dump.
      ...(store.dialect === 'sqlite'
        ? {
            dailyBackup: async (folder: string, keep: number, today: Date) =>
              (await import('./stores/sqlite/backup')).dailyBackup(options.dataDir, folder, keep, today),
          }
        : {}),
      testPageRenderer:
        options.testPageRenderer ??
        (async (request) => (await import('./labels/test-page')).renderTestPageSync(request)),
      // PDFKit and the fonts load when the first manifest is drawn, not at start.
      manifestRenderer: options.manifestRenderer ??
        pooled?.manifestRenderer ?? {
          render: async (m) => (await import('./labels/manifest-pdf')).renderManifestPdf(m),
        },
      packingSlipRenderer:
        options.packingSlipRenderer ??
        (async (data, size, output) =>
          (await import('./labels/packing-slip')).renderPackingSlipSync(data, size, output)),
      labelBatchRenderer:
        options.labelBatchRenderer ??
        pooled?.labelBatchRenderer ??
        (async (items, size) => (await import('./labels/render-label')).renderLabelBatch(items, size)),
    });
    const watcher = options.watch
      ? new FolderWatcher(opened, deskFolder, options.watch === true ? {} : options.watch)
      : undefined;
    const station: Station = watcher
      ? {
          ...opened,
          // The file being read is finished first: its orders go in before the store closes.
          close: async () => {
            await watcher.stop();
            await opened.close();
          },
        }
      : opened;
    watcher?.start();
    if (!pool) return { ...station, startLabelWorkers: () => undefined };
    return {
      ...station,
      startLabelWorkers: () => pool.start(),
      // The store first: writes still queued may wait on a label being drawn.
      close: async () => {
        await station.close();
        await pool.close();
      },
    };
  } catch (error) {
    await store.close();
    await pool?.close();
    throw error;
  }
}

/** The shells' line when the database is upgraded at start (`write`: stdout, or stderr where stdout is the answer). */
export const announceMigration =
  (write: (line: string) => void): OnMigration =>
  ({ version, name }) =>
    write(`Upgrading the database to schema ${version} (${name})…`);

/** The database a shell was pointed at: its `--database` flag, else SHIPPING_STATION_DATABASE_URL, else none (SQLite). */
export function chosenDatabaseUrl(flag: string | undefined): string | undefined {
  return flag || process.env.SHIPPING_STATION_DATABASE_URL || undefined;
}

/**
 * Rendering on this thread is the fallback (the label pool is the rule), so PDFKit and the
 * fonts (~30 MB) are loaded only if it is ever used.
 */
export const inThreadRenderer: LabelRenderer = {
  render: async (data, options) => (await import('./labels/render-document')).renderLabelDocument(data, options),
};
