/**
 * The one start sequence every shell uses (serve, the desktop app, the CLI, the tests):
 * open the chosen store, then build the station's services over it.
 */
import { createStation, type Station, type StationOptions } from './core/station';
import { openStore, type StoreOptions } from './stores/open-store';

export type OpenStationOptions = StoreOptions & StationOptions;

export async function openStation(options: OpenStationOptions): Promise<Station> {
  const store = await openStore(options);
  try {
    return await createStation(store, {
      // PDFKit and the fonts load when the first manifest is drawn, not at start.
      manifestRenderer: { render: async (m) => (await import('./documents/manifest-pdf')).renderManifestPdf(m) },
      ...options,
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
