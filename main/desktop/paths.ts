/**
 * Where the desktop finds its parts, in development (electron-vite builds into out/) and
 * in a package (electron-builder puts out/ in app.asar and resources/ beside it).
 */
import { app } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDataDir } from '../core/data-dir';
import { RESOURCES_DIR_ENV, resourcesDir } from '../core/resources';
import { APP_URL } from './app-protocol';
import { electronSqliteBinding } from './sqlite-binding';
import type { SqliteBinding } from '../stores/sqlite/connection';

/** out/main, where electron-vite writes this bundle. */
const mainDir = dirname(fileURLToPath(import.meta.url));

export const PRODUCT_NAME = 'Shipping Station';
export const isDev = !app.isPackaged;

export const preloadPath = join(mainDir, '..', 'preload', 'index.cjs');
export const rendererDir = join(mainDir, '..', 'renderer');
export const rendererIndex = join(rendererDir, 'index.html');

/**
 * The station's data folder: the same as the headless server's (docs/contract.md §10), so both
 * open the same database. For the packaged app on Windows and macOS this is also
 * Electron's userData (`%APPDATA%\Shipping Station`, `~/Library/Application Support/
 * Shipping Station`); SHIPPING_STATION_DATA_DIR overrides it.
 */
export const dataDir = (): string => defaultDataDir();

/**
 * The carrier catalog and fonts. A package keeps them outside app.asar, in
 * `<resources>/resources` (electron-builder.yml, extraResources); in development the
 * repository's resources/ is found by walking up from out/main.
 */
export function stationResourcesDir(): string {
  const dir = app.isPackaged ? join(process.resourcesPath, 'resources') : resourcesDir();
  // The label renderer looks up its fonts through this variable (label-fonts.ts).
  process.env[RESOURCES_DIR_ENV] ??= dir;
  return process.env[RESOURCES_DIR_ENV];
}

/**
 * The page the window loads: the dev server in development (electron-vite sets
 * ELECTRON_RENDERER_URL), the built renderer on app://station otherwise (app-protocol.ts).
 * A packaged app ignores the variable, so it can never be pointed at another page.
 */
export function appTarget(): { kind: 'url'; url: string } | { kind: 'app'; root: string; url: string } {
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  if (isDev && devUrl) return { kind: 'url', url: devUrl };
  return { kind: 'app', root: rendererDir, url: APP_URL };
}

/** The SQLite driver built for this Electron, never the Node build npm installed (sqlite-binding.ts). */
export const sqliteBinding = (): SqliteBinding =>
  electronSqliteBinding({
    packaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
    appRoot: app.getAppPath(),
    platform: process.platform,
    arch: process.arch,
  });
