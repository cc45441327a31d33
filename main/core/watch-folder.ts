/**
 * The desk's watched folder (docs/contract.md §19) as the station sees it: its settings and
 * what became of the files it took. Watching, reading and moving files is main/folder's
 * (a door beside HTTP and IPC); open-station.ts hands the desk's folder in.
 */
import type { FolderActivity, WatchFolderSettings } from './schemas';

/** Who set the folder up: the folder calls the operations as this user. */
export interface FolderOwner {
  userId: number;
  username: string;
}

export const DEFAULT_WATCH_FOLDER: WatchFolderSettings = { path: null, action: 'orders', enabled: false };

export interface DeskWatchFolder {
  settings(): Promise<WatchFolderSettings>;
  /** Checks the path (the station must read and write it; else 400 naming `path`) and keeps the settings. */
  configure(next: WatchFolderSettings, by: FolderOwner): Promise<WatchFolderSettings>;
  /** The files of the last days, newest first. */
  activity(): Promise<FolderActivity>;
}

/** A station built without a folder (the CLI): nothing is watched, and setting one is refused. */
export const noWatchFolder: DeskWatchFolder = {
  settings: async () => DEFAULT_WATCH_FOLDER,
  configure: async () => {
    throw new Error('this station was built without a watched folder');
  },
  activity: async () => ({ path: null, items: [] }),
};
