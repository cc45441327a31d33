/**
 * Every IPC channel of the app, fixed at build time: one per operation of the table, plus
 * the desktop's own few. Pure (no Electron), and it imports only types, so the sandboxed
 * preload can import it without bundling the schemas.
 */
import type { DesktopBridge } from '../../preload/bridge';
import type { OperationName } from '../operations/spec';

/** The IPC channel of an operation: fixed, one per operation. */
export const ipcChannel = (name: OperationName): string => `station:${name}`;

/** The desktop bridge's channels; `satisfies` keeps them in step with DesktopBridge. */
export const DESKTOP_CHANNELS = {
  listPrinters: 'desktop:listPrinters',
  printLabel: 'desktop:printLabel',
  apiStatus: 'desktop:apiStatus',
  databaseChoice: 'desktop:databaseChoice',
  chooseDatabase: 'desktop:chooseDatabase',
} as const satisfies Record<keyof DesktopBridge, string>;
