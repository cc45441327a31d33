/**
 * Every IPC channel of the app, fixed at build time: one per operation of the table, plus
 * the desktop's own few. Pure (no Electron), so the preload can import it and tests can
 * prove that channels and operations match one to one.
 */
import type { DesktopBridge } from '../../preload/bridge';
import { ipcChannel, OPERATION_NAMES } from '../operations/names';

type OperationNameListed = (typeof OPERATION_NAMES)[number];

/** The desktop bridge's channels; `satisfies` keeps them in step with DesktopBridge. */
export const DESKTOP_CHANNELS = {
  listPrinters: 'desktop:listPrinters',
  printLabel: 'desktop:printLabel',
  apiStatus: 'desktop:apiStatus',
  databaseChoice: 'desktop:databaseChoice',
  chooseDatabase: 'desktop:chooseDatabase',
} as const satisfies Record<keyof DesktopBridge, string>;

/** Every operation with its channel (a function, so the preload bundle does not build it). */
export const operationChannels = (): { name: OperationNameListed; channel: string }[] =>
  OPERATION_NAMES.map((name) => ({ name, channel: ipcChannel(name) }));

/** Every channel the main process answers. */
export const allChannels = (): string[] => [...operationChannels().map((c) => c.channel), ...Object.values(DESKTOP_CHANNELS)];
