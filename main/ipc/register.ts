/**
 * The IPC door: every operation of the table on its fixed channel, plus the desktop's own
 * channels. Each handler first checks that the sender is the app's main frame, then does
 * what call-operation.ts says (the same `invoke` as HTTP). Only this file touches ipcMain.
 */
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import type { Station } from '../core/station';
import { authorize } from '../operations/invoke';
import { OPERATION_NAMES } from '../operations/spec';
import { callOperation, logToConsole, problemResult, type InternalErrorLog } from './call-operation';
import {
  DESKTOP_CHANNELS,
  ipcChannel,
  type BridgeResult,
  type DatabaseChoice,
  type PrinterInfo,
  type UpdateFeedChoice,
} from './bridge';
import { assertTrustedEvent, type SenderPolicy } from './sender';

export function registerOperationHandlers(
  station: Station,
  trusts: SenderPolicy,
  log: InternalErrorLog = logToConsole,
): () => void {
  const channels: string[] = [];
  for (const name of OPERATION_NAMES) {
    const channel = ipcChannel(name);
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, payload: unknown) => {
      assertTrustedEvent(event, trusts, channel);
      return callOperation(station, name, payload, log);
    });
    channels.push(channel);
  }
  return () => channels.forEach((c) => ipcMain.removeHandler(c));
}

export interface ApiStatus {
  url: string;
  listening: boolean;
  error: string | null;
}

/** What the desktop shell provides behind its channels (main/desktop implements it). */
export interface DesktopServices {
  listPrinters(sender: WebContents): Promise<PrinterInfo[]>;
  /** Throws ProblemError for a bad request or a failed print. */
  printLabel(sender: WebContents, request: unknown): Promise<{ printed: boolean }>;
  apiStatus(): ApiStatus;
  databaseChoice(): DatabaseChoice;
  /** Throws ProblemError for an address that is not valid or does not connect. */
  chooseDatabase(url: unknown): Promise<DatabaseChoice>;
  updateFeed(): UpdateFeedChoice;
  /** Throws ProblemError for an address that is not https. */
  chooseUpdateFeed(url: unknown): UpdateFeedChoice;
}

/** What the renderer sends to choose the desk's database: the user's token and the address. */
function readDatabaseRequest(request: unknown): { token: string | undefined; url: unknown } {
  const { token, url } = (typeof request === 'object' && request !== null ? request : {}) as Record<string, unknown>;
  return { token: typeof token === 'string' ? token : undefined, url };
}

export function registerDesktopHandlers(
  station: Station,
  services: DesktopServices,
  trusts: SenderPolicy,
  log: InternalErrorLog = logToConsole,
): () => void {
  const trusted = <A extends unknown[], R>(channel: string, handler: (event: IpcMainInvokeEvent, ...args: A) => R) => {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      assertTrustedEvent(event, trusts, channel);
      return handler(event, ...(args as A));
    });
  };

  trusted(DESKTOP_CHANNELS.listPrinters, (event) => services.listPrinters(event.sender));
  trusted(DESKTOP_CHANNELS.printLabel, async (event, request: unknown): Promise<BridgeResult<{ printed: boolean }>> => {
    try {
      return { ok: true, value: await services.printLabel(event.sender, request) };
    } catch (error) {
      return problemResult(error, '/desktop/printLabel', 'printLabel', log);
    }
  });
  trusted(DESKTOP_CHANNELS.apiStatus, () => services.apiStatus());
  trusted(DESKTOP_CHANNELS.databaseChoice, () => services.databaseChoice());
  // Where the desk's data goes is an administrator's choice, by the rule every operation keeps.
  trusted(DESKTOP_CHANNELS.chooseDatabase, async (_event, request: unknown): Promise<BridgeResult<DatabaseChoice>> => {
    try {
      const { token, url } = readDatabaseRequest(request);
      await authorize(station, 'admin', token);
      return { ok: true, value: await services.chooseDatabase(url) };
    } catch (error) {
      return problemResult(error, '/desktop/chooseDatabase', 'chooseDatabase', log);
    }
  });
  trusted(DESKTOP_CHANNELS.updateFeed, () => services.updateFeed());
  trusted(DESKTOP_CHANNELS.chooseUpdateFeed, (_event, url: unknown): BridgeResult<UpdateFeedChoice> => {
    try {
      return { ok: true, value: services.chooseUpdateFeed(url) };
    } catch (error) {
      return problemResult(error, '/desktop/chooseUpdateFeed', 'chooseUpdateFeed', log);
    }
  });

  return () => Object.values(DESKTOP_CHANNELS).forEach((c) => ipcMain.removeHandler(c));
}
