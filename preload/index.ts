/**
 * The sandboxed preload: exposes the StationBridge (main/ipc/bridge.ts) and nothing else. One named
 * method per operation, each bound to that operation's fixed channel, plus the desktop's
 * three. The renderer can never name a channel, and never sees ipcRenderer.
 *
 * It is bundled as CommonJS (a sandboxed preload cannot be an ES module) and imports only
 * electron and the bridge contract (main/ipc/bridge.ts): pulling in the operation table's schemas would bundle
 * typebox for nothing, so the build writes the table's names in as __OPERATION_NAMES__.
 */
import { contextBridge, ipcRenderer } from 'electron';
import {
  BRIDGE_NAME,
  DESKTOP_CHANNELS,
  ipcChannel,
  type DesktopBridge,
  type OperationBridge,
  type StationBridge,
} from '../main/ipc/bridge';

const operations = Object.fromEntries(
  __OPERATION_NAMES__.map((name) => [
    name,
    (token: string | null, input: unknown) => ipcRenderer.invoke(ipcChannel(name), { token, input }),
  ]),
) as unknown as OperationBridge;

const desktop: DesktopBridge = {
  listPrinters: () => ipcRenderer.invoke(DESKTOP_CHANNELS.listPrinters),
  printLabel: (request) => ipcRenderer.invoke(DESKTOP_CHANNELS.printLabel, request),
  apiStatus: () => ipcRenderer.invoke(DESKTOP_CHANNELS.apiStatus),
  databaseChoice: () => ipcRenderer.invoke(DESKTOP_CHANNELS.databaseChoice),
  chooseDatabase: (token, url) => ipcRenderer.invoke(DESKTOP_CHANNELS.chooseDatabase, { token, url }),
  updateFeed: () => ipcRenderer.invoke(DESKTOP_CHANNELS.updateFeed),
  chooseUpdateFeed: (url) => ipcRenderer.invoke(DESKTOP_CHANNELS.chooseUpdateFeed, url),
};

const bridge: StationBridge = { operations, desktop };

contextBridge.exposeInMainWorld(BRIDGE_NAME, bridge);
