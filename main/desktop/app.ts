/**
 * The desktop app's life: one instance per user, the service started as the headless
 * server starts it, one window, and a clean shutdown (HTTP server, then database) on quit.
 */
import { app, BrowserWindow, clipboard, dialog, Menu, protocol, safeStorage, session } from 'electron';
import { join } from 'node:path';
import { registerDesktopHandlers, registerOperationHandlers } from '../ipc/register';
import { openDesktopLog, type DesktopLog } from './log';
import { menuTemplate } from './menu';
import {
  appTarget,
  dataDir,
  isDev,
  preloadPath,
  PRODUCT_NAME,
  rendererDir,
  sqliteBinding,
  stationResourcesDir,
} from './paths';
import { listPrinters, printLabel } from './printing';
import { DATABASE_FILE } from '../stores/sqlite/database';
import { chooseDatabase, deskDatabase, DESK_FILE } from './desk-database';
import { chosenDatabaseUrl } from '../open-station';
import { startService, type RunningService } from './service';
import { APP_SCHEME_PRIVILEGES, serveAppProtocol } from './app-protocol';
import { openStartWindow } from './start-window';
import { startProgress } from './start-progress';
import { upgradeSqliteInWorker, type UpgradeStep } from './upgrade';
import { createMainWindow, hardenSession, type AppTarget } from './window';
import { guideFile, readGuidePage } from './guide';
import { createUpdater } from './updater';
import { printJobs, updateFeed } from './update-policy';
import { isTrustedSender, parseAppUrl, textWindowWebPreferences } from './window-policy';

/** The update feed given to the build (SHIPPING_STATION_UPDATE_URL, electron.vite.config.ts); '' for none. */
const BUILD_UPDATE_FEED = __UPDATE_FEED_URL__;

/** How long the first administrator's password waits for the window before showing alone. */
const FIRST_ADMIN_DIALOG_WAIT_MS = 10_000;

let mainWindow: BrowserWindow | null = null;
/** Set once the service runs: opens the window again (macOS keeps the app without one). */
let reopenWindow: (() => void) | null = null;

function focusMainWindow(): void {
  if (!mainWindow || mainWindow.isDestroyed()) {
    reopenWindow?.();
    return;
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

/** The generated password of the first administrator, shown once (docs/contract.md §10). */
async function showFirstAdminPassword(password: string, parent: BrowserWindow | null): Promise<void> {
  const options = {
    type: 'info' as const,
    title: PRODUCT_NAME,
    message: 'First start: an administrator was created',
    detail:
      `User name: admin\nPassword: ${password}\n\n` +
      'Write it down now: it is not shown again. Sign in with it and change it in Settings.',
    buttons: ['Copy password', 'Done'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
  for (;;) {
    const { response } = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
    if (response !== 0) return;
    clipboard.writeText(password);
  }
}

function openWindow(target: AppTarget, log: DesktopLog): BrowserWindow {
  const window = createMainWindow({ target, preloadPath, isDev, log });
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  return window;
}

async function start(log: DesktopLog, started: (service: RunningService) => void): Promise<void> {
  const target = appTarget();
  parseAppUrl(target.url); // refuses, at start, anything but our file or a loopback dev server
  hardenSession(session.defaultSession, target);
  // On screen before the database opens: an upgrade of a large one takes minutes.
  const progress = startProgress();
  const startWindow = openStartWindow(progress.opening(), log);
  const upgrading = (step: UpgradeStep) => {
    log.info('upgrading the database', { ...step });
    startWindow.show(progress.upgrading(step));
  };

  const desk = deskDatabase(join(app.getPath('userData'), DESK_FILE), safeStorage);
  const jobs = printJobs();
  const fromEnvironment = chosenDatabaseUrl(undefined);
  const databaseUrl = fromEnvironment ?? desk.url();
  const binding = sqliteBinding();
  // SQLite's upgrade is synchronous: off this thread, which draws the windows.
  if (!databaseUrl) await upgradeSqliteInWorker({ dataDir: dataDir(), binding }, upgrading);
  const latest = databaseUrl ? (await import('../stores/postgres/migrate')).LATEST_VERSION : 0;
  const service = await startService({
    dataDir: dataDir(),
    databaseUrl,
    resourcesDir: stationResourcesDir(),
    sqliteBinding: binding,
    rendererDir,
    httpLogger: { level: 'warn', file: join(app.getPath('logs'), 'http.log') },
    onMigration: ({ version, name }) => upgrading({ version, name, latest }),
    printJobs: jobs,
  });
  startWindow.show(progress.starting());
  started(service);
  const status = service.apiStatus();
  if (status.listening) log.info(`listening on ${status.url}`);
  else log.error('the loopback API is off', { error: status.error });

  if (target.kind === 'app') serveAppProtocol(protocol, target.root);
  const trusts = (frameUrl: string, isMainFrame: boolean) => isTrustedSender(frameUrl, target.url, isMainFrame);
  registerOperationHandlers(service.station, trusts, log.internalError);
  registerDesktopHandlers(
    service.station,
    {
      listPrinters: (sender) => listPrinters(sender),
      printLabel: (sender, request) => jobs.track(printLabel(sender, request, log)),
      apiStatus: () => service.apiStatus(),
      databaseChoice: () => ({
        kind: service.station.store.dialect,
        location: service.station.store.location,
        fromEnvironment: fromEnvironment !== undefined,
      }),
      chooseDatabase: (url) =>
        chooseDatabase(desk, url, {
          sqliteFile: join(dataDir(), DATABASE_FILE),
          fromEnvironment: fromEnvironment !== undefined,
        }),
      updateFeed: () => feedChoice(),
      chooseUpdateFeed: (url) => {
        desk.chooseUpdateFeed(url);
        return feedChoice();
      },
    },
    trusts,
    log.internalError,
  );
  const updater = createUpdater({
    feed: () => updateFeed(desk.updateFeedUrl(), BUILD_UPDATE_FEED),
    jobs,
    log,
    closeService: () => service.close(),
  });
  const feedChoice = () => ({
    url: updateFeed(desk.updateFeedUrl(), BUILD_UPDATE_FEED),
    fromSettings: desk.updateFeedUrl() !== undefined,
    version: app.getVersion(),
  });
  app.setAboutPanelOptions({
    applicationName: PRODUCT_NAME,
    applicationVersion: app.getVersion(),
    version: `Electron ${process.versions.electron}`,
    copyright: 'Copyright © Shipping Station contributors',
  });
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({
        appName: PRODUCT_NAME,
        isMac: process.platform === 'darwin',
        isDev,
        openGuide: () => openGuideWindow(log),
        checkForUpdates: () => void updater.check(true),
      }),
    ),
  );

  // macOS keeps an app without windows running (its API keeps serving); the Dock reopens one.
  reopenWindow = () => {
    mainWindow = openWindow(target, log);
  };
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) reopenWindow?.();
  });
  const window = openWindow(target, log);
  mainWindow = window;
  window.once('ready-to-show', () => {
    startWindow.close();
    updater.checkPeriodically();
  });

  if (service.firstAdminPassword) {
    log.info('first start: created the administrator "admin"');
    // Over the window once it shows; without a parent if it never does, because this
    // password exists nowhere else and must not be lost with a window that failed to load.
    const shown = await Promise.race([
      new Promise<boolean>((resolve) => window.once('ready-to-show', () => resolve(true))),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), FIRST_ADMIN_DIALOG_WAIT_MS)),
    ]);
    await showFirstAdminPassword(service.firstAdminPassword, shown && !window.isDestroyed() ? window : null);
  }
}

/** Help → Operator's Guide: docs/desk.md in a window of its own that runs no script. */
function openGuideWindow(log: DesktopLog): void {
  const file = guideFile({ packaged: app.isPackaged, resourcesPath: process.resourcesPath, appRoot: app.getAppPath() });
  let page: string;
  try {
    page = readGuidePage(file);
  } catch (error) {
    log.error('the operator’s guide could not be read', { file, error: String(error) });
    dialog.showErrorBox(PRODUCT_NAME, `The operator’s guide is missing (${file}); reinstall ${PRODUCT_NAME}.`);
    return;
  }
  const window = new BrowserWindow({
    width: 900,
    height: 760,
    title: `${PRODUCT_NAME} — Operator’s guide`,
    backgroundColor: '#ffffff',
    webPreferences: textWindowWebPreferences(),
  });
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  void window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(page)}`);
}

/** Quit in order: stop listening, then close the database, then let Electron exit. */
function closeOnQuit(getService: () => RunningService | null, log: DesktopLog): void {
  let state: 'running' | 'closing' | 'closed' = 'running';
  app.on('will-quit', (event) => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    void (getService()?.close() ?? Promise.resolve())
      .catch((error: unknown) => log.error('closing the service failed', { error: String(error) }))
      .finally(() => {
        state = 'closed';
        app.quit();
      });
  });
}

export function startDesktop(): void {
  app.setName(PRODUCT_NAME);
  // A second launch hands over to the first (which comes to the front) and leaves.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('second-instance', focusMainWindow);
  // Before the app is ready, or the scheme is not standard (no origin, no relative URLs).
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

  let service: RunningService | null = null;
  const log = openDesktopLog(app.getPath('logs'));
  closeOnQuit(() => service, log);
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());

  app
    .whenReady()
    .then(() =>
      start(log, (started) => {
        service = started;
      }),
    )
    .catch(async (error: unknown) => {
      log.error('the station could not start', { error: error instanceof Error ? error.stack : String(error) });
      dialog.showErrorBox(
        `${PRODUCT_NAME} could not start`,
        `${error instanceof Error ? error.message : String(error)}\n\nData folder: ${dataDir()}\nLog: ${log.file}`,
      );
      await service?.close().catch(() => undefined);
      app.exit(1);
    });
}
