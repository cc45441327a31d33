/**
 * The desktop's start-up and shutdown, run against a stand-in for Electron (the real binary
 * cannot be downloaded here): the service starts as the headless server starts it, every
 * channel is registered, the window is hardened, the first password is shown once, a second
 * launch focuses the window, and quitting closes the HTTP server and then the database.
 * The HTTP server listens on a port the system picks, never on 7317.
 */
import type { EventEmitter } from 'node:events';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Station } from '../core/station';
import { sqliteDb } from '../../test/helpers/station';
import type * as ServerModule from '../http/server';
import { DESKTOP_CHANNELS } from '../ipc/bridge';
import { OPERATION_NAMES } from '../operations/spec';
import { NODE_BINDING } from '../stores/sqlite/connection';
import { DRIVER_FILE, ELECTRON_SQLITE_DIR } from './sqlite-binding';

interface FakeWindowShape {
  options: { webPreferences: Record<string, unknown> };
  destroyed: boolean;
  /** Whether the station's database file existed when this window was made. */
  madeBeforeDatabase: boolean;
  loadFile: ReturnType<typeof vi.fn>;
  loadURL: ReturnType<typeof vi.fn>;
  focus: ReturnType<typeof vi.fn>;
}

const fake = vi.hoisted(() => ({
  tmp: '',
  channels: [] as string[],
  windows: [] as FakeWindowShape[],
  dialogs: [] as { message: string; detail: string }[],
  quits: 0,
  menuLabels: [] as string[],
  permissionHandlers: 0,
  serverUrl: '',
  /** Schemes registered as privileged, and whether the app was ready by then. */
  privileged: [] as { scheme: string; privileges: Record<string, boolean>; whenReady: boolean }[],
  protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
  ready: false,
  app: null as unknown as EventEmitter & {
    setName: ReturnType<typeof vi.fn>;
    requestSingleInstanceLock: ReturnType<typeof vi.fn>;
    quit: () => void;
  },
}));

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const { join: joinPath } = await import('node:path');
  const { existsSync } = await import('node:fs');
  class FakeContents extends Emitter {
    setWindowOpenHandler = vi.fn();
    getPrintersAsync = vi.fn(async () => []);
  }
  class FakeWindow extends Emitter {
    static getAllWindows = () => fake.windows.filter((w) => !w.destroyed);
    webContents = new FakeContents();
    focus = vi.fn();
    show = vi.fn();
    restore = vi.fn();
    loadFile = vi.fn(async () => undefined);
    loadURL = vi.fn(async () => undefined);
    destroyed = false;
    madeBeforeDatabase = !existsSync(joinPath(fake.tmp, 'data', 'shipping-station.db'));
    isDestroyed = () => this.destroyed;
    destroy = () => {
      this.destroyed = true;
    };
    setMenuBarVisibility = vi.fn();
    isMinimized = () => false;
    constructor(readonly options: { webPreferences: Record<string, unknown> }) {
      super();
      fake.windows.push(this);
      setTimeout(() => this.emit('ready-to-show'), 5);
    }
  }
  class FakeApp extends Emitter {
    isPackaged = false;
    setName = vi.fn();
    requestSingleInstanceLock = vi.fn(() => true);
    getPath = (name: string) => joinPath(fake.tmp, 'electron', name);
    getAppPath = () => joinPath(fake.tmp, 'clone');
    whenReady = () =>
      Promise.resolve().then(() => {
        fake.ready = true;
      });
    exit = vi.fn();
    quit = () => {
      fake.quits += 1;
      this.emit('will-quit', { preventDefault: vi.fn() });
    };
  }
  fake.app = new FakeApp() as unknown as typeof fake.app;
  return {
    app: fake.app,
    BrowserWindow: FakeWindow,
    ipcMain: { handle: (channel: string) => fake.channels.push(channel), removeHandler: vi.fn() },
    session: {
      defaultSession: {
        setPermissionRequestHandler: () => (fake.permissionHandlers += 1),
        setPermissionCheckHandler: () => (fake.permissionHandlers += 1),
        webRequest: { onHeadersReceived: vi.fn() },
      },
    },
    Menu: {
      buildFromTemplate: (template: { label?: string }[]) => template,
      setApplicationMenu: (menu: { label?: string }[]) => (fake.menuLabels = menu.map((m) => m.label ?? '')),
    },
    dialog: {
      showMessageBox: async (...args: unknown[]) => {
        fake.dialogs.push(args.at(-1) as { message: string; detail: string });
        return { response: 1 };
      },
      showErrorBox: vi.fn(),
    },
    clipboard: { writeText: vi.fn() },
    protocol: {
      registerSchemesAsPrivileged: (schemes: { scheme: string; privileges: Record<string, boolean> }[]) =>
        fake.privileged.push(...schemes.map((s) => ({ ...s, whenReady: fake.ready }))),
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
        fake.protocolHandlers.set(scheme, handler),
    },
    shell: { openExternal: vi.fn() },
    safeStorage: { isEncryptionAvailable: () => false, encryptString: vi.fn(), decryptString: vi.fn() },
  };
});

// The desktop's port is 7317; here the system picks one, so nothing else is disturbed.
let station: Station | undefined;
vi.mock('../http/server', async (importOriginal) => {
  const original = await importOriginal<typeof ServerModule>();
  return {
    ...original,
    startServer: async (options: Parameters<typeof original.startServer>[0]) => {
      station = options.station;
      const started = await original.startServer({ ...options, port: 0 });
      fake.serverUrl = started.url;
      return started;
    },
  };
});

const until = async (condition: () => boolean, ms = 5000) => {
  for (let i = 0; i < ms / 25 && !condition(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(condition()).toBe(true);
};

const savedEnv = { ...process.env };
beforeAll(async () => {
  fake.tmp = mkdtempSync(join(tmpdir(), 'ss-desktop-app-'));
  // The driver `npm start` fetches for Electron, where the app looks for it: here Node's own
  // build stands in, this being Node.
  const driverDir = join(fake.tmp, 'clone', ELECTRON_SQLITE_DIR, `${process.platform}-${process.arch}`);
  mkdirSync(driverDir, { recursive: true });
  copyFileSync(join(process.cwd(), NODE_BINDING.file), join(driverDir, DRIVER_FILE));
  process.env.SHIPPING_STATION_DATA_DIR = join(fake.tmp, 'data');
  delete process.env.ELECTRON_RENDERER_URL;
  const { startDesktop } = await import('./app');
  startDesktop();
  // From source, the upgrade's worker thread compiles its TypeScript first.
  await until(() => fake.dialogs.length > 0, 40_000);
});

afterAll(() => {
  process.env = savedEnv;
  rmSync(fake.tmp, { recursive: true, force: true });
});

describe('the desktop app', () => {
  it('takes the single-instance lock under the product name', () => {
    expect(fake.app.setName).toHaveBeenCalledWith('Shipping Station');
    expect(fake.app.requestSingleInstanceLock).toHaveBeenCalled();
  });

  it('opens the station in the data folder and registers every channel once', () => {
    expect(station && sqliteDb(station).name).toBe(join(fake.tmp, 'data', 'shipping-station.db'));
    expect(fake.channels).toHaveLength(OPERATION_NAMES.length + Object.keys(DESKTOP_CHANNELS).length);
    expect(new Set(fake.channels).size).toBe(fake.channels.length);
  });

  it('loads the SQLite driver built for Electron, from beside the Node one', () => {
    const driver = join(fake.tmp, 'clone', ELECTRON_SQLITE_DIR, `${process.platform}-${process.arch}`, DRIVER_FILE);
    expect(readFileSync('/proc/self/maps', 'utf8')).toContain(driver);
  });

  it('shows a start window before the database opens, running no script, and closes it once the app’s window has painted', () => {
    const start = fake.windows[0]!;
    expect(start.madeBeforeDatabase).toBe(true);
    expect(start.options.webPreferences).toMatchObject({ javascript: false, sandbox: true });
    expect(start.options.webPreferences.preload).toBeUndefined();
    const pages = start.loadURL.mock.calls.map(([url]) => decodeURIComponent(String(url)));
    expect(pages.every((url) => url.startsWith('data:text/html;charset=utf-8,<!doctype html>'))).toBe(true);
    expect(pages[0]).toContain('Opening the database…');
    expect(pages.at(-1)).toContain('Starting the station…');
    expect(start.destroyed).toBe(true);
  });

  it('opens one hardened app window with the preload, and refuses every permission', () => {
    expect(fake.windows).toHaveLength(2);
    const main = fake.windows[1]!;
    expect(main.madeBeforeDatabase).toBe(false);
    expect(main.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      plugins: false,
      preload: expect.stringMatching(/preload[\\/]index\.cjs$/),
    });
    // From the app's own scheme, never file:// (issue 20 item 11).
    expect(main.loadURL).toHaveBeenCalledWith('app://station/index.html');
    expect(main.loadFile).not.toHaveBeenCalled();
    expect(fake.permissionHandlers).toBe(2);
    expect(fake.menuLabels).toEqual(expect.arrayContaining(['Edit', 'View']));
  });

  it('registers app:// as a standard, secure scheme before the app is ready, and serves only the renderer folder on it', async () => {
    expect(fake.privileged).toEqual([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }), whenReady: false },
    ]);
    const handler = fake.protocolHandlers.get('app')!;
    expect(handler).toBeDefined();
    for (const url of [
      'app://station/../../../etc/passwd',
      'app://station/%2e%2e/%2e%2e/etc/passwd',
      'app://elsewhere/index.html',
    ]) {
      expect((await handler(new Request(url))).status, url).toBe(404);
    }
  });

  it('shows the first administrator’s password once', () => {
    expect(fake.dialogs).toHaveLength(1);
    expect(fake.dialogs[0]!.detail).toMatch(/User name: admin\nPassword: \S+/);
  });

  it('brings the window forward when the app is launched again', () => {
    fake.app.emit('second-instance');
    expect(fake.windows[1]!.focus).toHaveBeenCalled();
    expect(fake.windows).toHaveLength(2);
  });

  it('on quit, closes the HTTP server and then the database before exiting', async () => {
    expect((await fetch(`${fake.serverUrl}/health`)).status).toBe(200);
    fake.app.quit();
    await until(() => fake.quits === 2); // quit held back, then quit again once closed
    expect(station && sqliteDb(station).open).toBe(false);
    await expect(fetch(`${fake.serverUrl}/health`)).rejects.toThrow();
  });
});
