/**
 * Which compiled SQLite driver the desktop's main process loads. Electron has its own ABI,
 * so it never loads the build npm made for Node: `npm start` runs scripts/electron-sqlite.mjs,
 * which fetches better-sqlite3 built for Electron into a folder of its own beside it, and a
 * package carries that build in its resources (electron-builder.yml, extraResources).
 * Plain Node, so it is tested without Electron.
 */
import { join } from 'node:path';
import type { SqliteBinding } from '../stores/sqlite/connection';

/** Where scripts/electron-sqlite.mjs puts the Electron builds, one folder per platform and arch. */
export const ELECTRON_SQLITE_DIR = join('node_modules', '.electron-sqlite');
/** Where a package keeps its build, under process.resourcesPath. */
export const PACKAGED_SQLITE_DIR = 'native';
export const DRIVER_FILE = 'better_sqlite3.node';

export interface AppPlace {
  packaged: boolean;
  /** process.resourcesPath in a package. */
  resourcesPath: string;
  /** The repository (the folder with package.json) when run from it. */
  appRoot: string;
  platform: string;
  arch: string;
}

export function electronSqliteBinding(place: AppPlace): SqliteBinding {
  if (place.packaged) {
    return {
      file: join(place.resourcesPath, PACKAGED_SQLITE_DIR, DRIVER_FILE),
      fix: 'reinstall Shipping Station',
    };
  }
  return {
    file: join(place.appRoot, ELECTRON_SQLITE_DIR, `${place.platform}-${place.arch}`, DRIVER_FILE),
    fix: 'run `npm run electron:sqlite`',
  };
}
