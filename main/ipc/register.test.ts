/**
 * Registers the IPC door against a stand-in ipcMain: every operation and desktop channel is
 * handled exactly once, and a handler answers only the app's main frame.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPERATOR, signedInStation, type TestStation } from '../../test/helpers/station';
import type { Station } from '../core/station';
import { OPERATION_NAMES } from '../operations/spec';
import { DESKTOP_CHANNELS, ipcChannel } from './bridge';
import { registerDesktopHandlers, registerOperationHandlers, type DesktopServices } from './register';
import { isTrustedSender } from '../desktop/window-policy';
import { isTrustedEvent } from './sender';

type Handler = (event: unknown, ...args: unknown[]) => unknown;
const ipc = vi.hoisted(() => ({ handlers: new Map<string, Handler>(), registrations: [] as string[] }));

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: Handler) => {
      if (ipc.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      ipc.handlers.set(channel, handler);
      ipc.registrations.push(channel);
    },
    removeHandler: (channel: string) => ipc.handlers.delete(channel),
  },
}));

const APP_URL = 'file:///opt/Shipping%20Station/resources/app.asar/out/renderer/index.html';
const fromApp = { senderFrame: { url: `${APP_URL}#/shipments`, parent: null }, sender: { id: 1 } };
const fromSubFrame = { senderFrame: { url: APP_URL, parent: {} }, sender: { id: 1 } };
const fromElsewhere = { senderFrame: { url: 'https://evil.com/', parent: null }, sender: { id: 1 } };
const fromGoneFrame = { senderFrame: null, sender: { id: 1 } };
const trusts = (url: string, isMainFrame: boolean) => isTrustedSender(url, APP_URL, isMainFrame);

const station = { version: '9.9.9' } as Station;
const desktop: DesktopServices = {
  listPrinters: vi.fn(async () => [{ name: 'Zebra', displayName: 'Zebra GK420d', isDefault: false }]),
  printLabel: vi.fn(async () => ({ printed: true })),
  apiStatus: vi.fn(() => ({ url: 'http://127.0.0.1:7317', listening: true, error: null })),
  databaseChoice: vi.fn(() => ({
    kind: 'sqlite' as const,
    location: '/data/shipping-station.db',
    fromEnvironment: false,
  })),
  chooseDatabase: vi.fn(async () => ({
    kind: 'postgres' as const,
    location: 'postgres://desk:***@db/shipping',
    fromEnvironment: false,
  })),
  updateFeed: vi.fn(() => ({ url: null, fromSettings: false, version: '9.9.9' })),
  chooseUpdateFeed: vi.fn(() => ({ url: 'https://updates.example.com/', fromSettings: true, version: '9.9.9' })),
};

function registerAll(on: Station = station) {
  ipc.handlers.clear();
  ipc.registrations.length = 0;
  const offOperations = registerOperationHandlers(on, trusts, vi.fn());
  const offDesktop = registerDesktopHandlers(on, desktop, trusts, vi.fn());
  return () => {
    offOperations();
    offDesktop();
  };
}

describe('registering the IPC door', () => {
  it('handles every operation of the table and every desktop channel exactly once', () => {
    const off = registerAll();
    expect([...ipc.registrations].sort()).toEqual(
      [...OPERATION_NAMES.map(ipcChannel), ...Object.values(DESKTOP_CHANNELS)].sort(),
    );
    for (const name of OPERATION_NAMES) expect(ipc.registrations.filter((c) => c === ipcChannel(name))).toHaveLength(1);
    off();
    expect(ipc.handlers.size).toBe(0);
  });

  it('answers the app’s main frame through invoke, as HTTP does', async () => {
    const off = registerAll();
    await expect(ipc.handlers.get(ipcChannel('getHealth'))!(fromApp, { token: null, input: {} })).resolves.toEqual({
      ok: true,
      value: { status: 'ok', version: '9.9.9' },
    });
    await expect(Promise.resolve(ipc.handlers.get(DESKTOP_CHANNELS.apiStatus)!(fromApp))).resolves.toMatchObject({
      listening: true,
    });
    await expect(ipc.handlers.get(DESKTOP_CHANNELS.listPrinters)!(fromApp)).resolves.toHaveLength(1);
    await expect(Promise.resolve(ipc.handlers.get(DESKTOP_CHANNELS.databaseChoice)!(fromApp))).resolves.toMatchObject({
      kind: 'sqlite',
    });
    await expect(Promise.resolve(ipc.handlers.get(DESKTOP_CHANNELS.updateFeed)!(fromApp))).resolves.toMatchObject({
      url: null,
    });
    await expect(
      Promise.resolve(ipc.handlers.get(DESKTOP_CHANNELS.chooseUpdateFeed)!(fromApp, 'https://updates.example.com/')),
    ).resolves.toEqual({ ok: true, value: expect.objectContaining({ fromSettings: true }) });
    off();
  });

  it.each([
    ['a sub-frame', fromSubFrame],
    ['a frame showing another page', fromElsewhere],
    ['a frame that is gone', fromGoneFrame],
  ])('refuses %s on every channel', async (_what, event) => {
    const off = registerAll();
    for (const [channel, handler] of ipc.handlers) {
      expect(() => handler(event, { token: null, input: {} }), channel).toThrow(/refused/);
    }
    expect(desktop.printLabel).not.toHaveBeenCalled();
    off();
  });

  it('turns a failed print into a problem result, not a rejected promise', async () => {
    const off = registerAll();
    const { ProblemError } = await import('../core/errors');
    vi.mocked(desktop.printLabel).mockRejectedValueOnce(
      new ProblemError('validation', 'printer: Nope is not a printer of this computer', {
        printer: 'Nope is not a printer of this computer',
      }),
    );
    await expect(ipc.handlers.get(DESKTOP_CHANNELS.printLabel)!(fromApp, {})).resolves.toEqual({
      ok: false,
      problem: expect.objectContaining({
        status: 400,
        instance: '/desktop/printLabel',
        printer: 'Nope is not a printer of this computer',
      }),
    });
    off();
  });
});

describe("choosing the desk's database", () => {
  let t: TestStation;
  let admin: string;
  beforeAll(async () => {
    ({ t, token: admin } = await signedInStation());
  });
  afterAll(() => t.close());
  const choose = (token: string | null) =>
    ipc.handlers.get(DESKTOP_CHANNELS.chooseDatabase)!(fromApp, { token, url: 'postgres://desk:secret@db/shipping' });

  it('is for administrators only, by the rule every operation keeps: an operator 403, no token 401', async () => {
    const off = registerAll(t.station);
    vi.mocked(desktop.chooseDatabase).mockClear();
    const operator = await t.signIn(OPERATOR);
    await expect(choose(operator)).resolves.toEqual({
      ok: false,
      problem: expect.objectContaining({ status: 403, instance: '/desktop/chooseDatabase' }),
    });
    await expect(choose(null)).resolves.toEqual({ ok: false, problem: expect.objectContaining({ status: 401 }) });
    await expect(choose('not a token')).resolves.toEqual({
      ok: false,
      problem: expect.objectContaining({ status: 401 }),
    });
    expect(desktop.chooseDatabase).not.toHaveBeenCalled();
    await expect(choose(admin)).resolves.toEqual({ ok: true, value: expect.objectContaining({ kind: 'postgres' }) });
    expect(desktop.chooseDatabase).toHaveBeenCalledWith('postgres://desk:secret@db/shipping');
    off();
  });
});

describe('isTrustedEvent', () => {
  it('trusts only the main frame showing the app', () => {
    expect(isTrustedEvent(fromApp, trusts)).toBe(true);
    expect(isTrustedEvent(fromSubFrame, trusts)).toBe(false);
    expect(isTrustedEvent(fromElsewhere, trusts)).toBe(false);
    expect(isTrustedEvent(fromGoneFrame, trusts)).toBe(false);
  });
});
