/**
 * The IPC door's contract, the one module both sides import: the preload (preload/index.ts)
 * binds these channels, main/ipc registers them, and the renderer types its client with the
 * bridge. One named, typed method per operation of the table (never a generic invoke), plus
 * the desktop's own few. Errors cannot cross Electron's IPC with their fields intact, so
 * every call resolves to a result: the operation's output, or the problem-details body the
 * HTTP door would send. It imports only types, so the sandboxed preload bundles no schemas.
 */
import type { Problem } from '../core/schemas';
import type { InputOf, OperationName, OutputOf } from '../operations/spec';

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; problem: Problem & Record<string, unknown> };

export type OperationBridge = {
  [N in OperationName]: (token: string | null, input: InputOf<N>) => Promise<BridgeResult<OutputOf<N>>>;
};

export interface PrinterInfo {
  name: string;
  displayName: string;
  isDefault: boolean;
}

export interface DesktopBridge {
  /** The operating system's printers. */
  listPrinters(): Promise<PrinterInfo[]>;
  /** Prints a PDF silently to a printer at a label size, no margins. */
  printLabel(request: {
    pdfBase64: string;
    printer: string;
    size: '4x6' | 'A6';
  }): Promise<BridgeResult<{ printed: boolean }>>;
  /** Where other local tools reach the API, and whether it could listen. */
  apiStatus(): Promise<{ url: string; listening: boolean; error: string | null }>;
  /** The database this desk uses now. */
  databaseChoice(): Promise<DatabaseChoice>;
  /**
   * Keeps a PostgreSQL address for this desk (checked by connecting), or null for this
   * computer's own file; in force from the next start. Administrators only: `token` is
   * the signed-in user's access token.
   */
  chooseDatabase(token: string | null, url: string | null): Promise<BridgeResult<DatabaseChoice>>;
  /** Where this desk looks for updates, and this app's version. */
  updateFeed(): Promise<UpdateFeedChoice>;
  /** Keeps an update address for this desk (https), or null for the build's own (or none). */
  chooseUpdateFeed(url: string | null): Promise<BridgeResult<UpdateFeedChoice>>;
}

export interface UpdateFeedChoice {
  /** The address in force; null: updates are off. */
  url: string | null;
  /** Whether it was set in Settings (else it came with the build). */
  fromSettings: boolean;
  /** This app's version. */
  version: string;
}

export interface DatabaseChoice {
  kind: 'sqlite' | 'postgres';
  /** The file, or the address without its password. */
  location: string;
  /** SHIPPING_STATION_DATABASE_URL is set, and overrides Settings. */
  fromEnvironment: boolean;
}

export interface StationBridge {
  operations: OperationBridge;
  desktop: DesktopBridge;
}

/** The name under which the preload exposes the bridge on `window`. */
export const BRIDGE_NAME = 'shippingStation';

/** The IPC channel of an operation: fixed, one per operation. */
export const ipcChannel = (name: OperationName): string => `station:${name}`;

/** The desktop bridge's channels; `satisfies` keeps them in step with DesktopBridge. */
export const DESKTOP_CHANNELS = {
  listPrinters: 'desktop:listPrinters',
  printLabel: 'desktop:printLabel',
  apiStatus: 'desktop:apiStatus',
  databaseChoice: 'desktop:databaseChoice',
  chooseDatabase: 'desktop:chooseDatabase',
  updateFeed: 'desktop:updateFeed',
  chooseUpdateFeed: 'desktop:chooseUpdateFeed',
} as const satisfies Record<keyof DesktopBridge, string>;
