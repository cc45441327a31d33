/** The Electron preload bridge, when this window runs inside the desktop app. */
import { BRIDGE_NAME, type StationBridge } from '../../../main/ipc/bridge';

export function stationBridge(): StationBridge | undefined {
  return (window as unknown as Partial<Record<typeof BRIDGE_NAME, StationBridge>>)[BRIDGE_NAME];
}

export const isDesktop = (): boolean => stationBridge() !== undefined;
