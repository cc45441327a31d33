/**
 * The one start sequence every shell uses (serve, the desktop app, the CLI, the tests):
 * open the chosen store, then build the station's services over it.
 */
import type { LabelRenderer } from './core/shipments';
import { createStation, type Station, type StationOptions } from './core/station';
import { createDeskPrinters } from './printers/desk-printers';
import { stationKey } from './station-key';
import { openStore, type StoreOptions } from './stores/open-store';

export type OpenStationOptions = StoreOptions & StationOptions;

export async function openStation(options: OpenStationOptions): Promise<Station> {
  const store = await openStore(options);
  try {
    return await createStation(store, {
      ...options,
      labelRenderer: options.labelRenderer ?? inThreadRenderer,
      // The desk's own printers, in its data folder even when the database is shared.
      printers: options.printers ?? createDeskPrinters({ dataDir: options.dataDir }),
      secretKey: options.secretKey ?? stationKey(options.dataDir),
      testPageRenderer:
        options.testPageRenderer ??
        (async (request) => (await import('./labels/test-page')).renderTestPageSync(request)),
      // PDFKit and the fonts load when the first manifest is drawn, not at start.
      manifestRenderer: options.manifestRenderer ?? {
        render: async (m) => (await import('./labels/manifest-pdf')).renderManifestPdf(m),
      },
      labelBatchRenderer:
        options.labelBatchRenderer ??
        (async (items, size) => (await import('./labels/render-label')).renderLabelBatch(items, size)),
    });
  } catch (error) {
    await store.close();
    throw error;
  }
}

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
