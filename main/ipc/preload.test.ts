/**
 * Loads the real preload (preload/index.ts) against a stand-in for Electron and checks what
 * it exposes: one named method per operation on that operation's fixed channel, the three
 * desktop methods, and nothing that could reach ipcRenderer or name a channel.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { OPERATION_NAMES } from '../operations/spec';
import { BRIDGE_NAME, DESKTOP_CHANNELS, ipcChannel, type StationBridge } from './bridge';

const electron = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoke: vi.fn((..._args: unknown[]) => Promise.resolve({ ok: true, value: 'answer' })),
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => electron.exposed.set(key, api) },
  ipcRenderer: { invoke: electron.invoke, send: vi.fn(), on: vi.fn() },
}));

let bridge: StationBridge;
beforeAll(async () => {
  await import('../../preload/index');
  bridge = electron.exposed.get(BRIDGE_NAME) as StationBridge;
});

describe('the preload', () => {
  it('exposes one object, under BRIDGE_NAME, with operations and desktop only', () => {
    expect([...electron.exposed.keys()]).toEqual([BRIDGE_NAME]);
    expect(Object.keys(bridge).sort()).toEqual(['desktop', 'operations']);
  });

  it('has a method for every operation of the table, exactly once, and no other', () => {
    expect(Object.keys(bridge.operations).sort()).toEqual([...OPERATION_NAMES].sort());
    for (const method of Object.values(bridge.operations)) expect(typeof method).toBe('function');
  });

  it.each(OPERATION_NAMES)('%s calls its own fixed channel with { token, input }', async (name) => {
    electron.invoke.mockClear();
    const input = { params: { uniqueId: 'x' } };
    const call = bridge.operations[name] as (token: string | null, input: unknown) => Promise<unknown>;
    await expect(call('token-1', input)).resolves.toEqual({ ok: true, value: 'answer' });
    expect(electron.invoke).toHaveBeenCalledTimes(1);
    expect(electron.invoke).toHaveBeenCalledWith(ipcChannel(name), { token: 'token-1', input });
  });

  it('binds each desktop method to its fixed desktop channel', async () => {
    electron.invoke.mockClear();
    await bridge.desktop.listPrinters();
    await bridge.desktop.printLabel({ pdfBase64: 'JVBERi0=', printer: 'Zebra', size: '4x6' });
    await bridge.desktop.apiStatus();
    await bridge.desktop.databaseChoice();
    await bridge.desktop.chooseDatabase('token-1', null);
    await bridge.desktop.updateFeed();
    await bridge.desktop.chooseUpdateFeed('https://updates.example.com/station/');
    expect(electron.invoke.mock.calls).toEqual([
      [DESKTOP_CHANNELS.listPrinters],
      [DESKTOP_CHANNELS.printLabel, { pdfBase64: 'JVBERi0=', printer: 'Zebra', size: '4x6' }],
      [DESKTOP_CHANNELS.apiStatus],
      [DESKTOP_CHANNELS.databaseChoice],
      [DESKTOP_CHANNELS.chooseDatabase, { token: 'token-1', url: null }],
      [DESKTOP_CHANNELS.updateFeed],
      [DESKTOP_CHANNELS.chooseUpdateFeed, 'https://updates.example.com/station/'],
    ]);
    expect(Object.keys(bridge.desktop).sort()).toEqual(Object.keys(DESKTOP_CHANNELS).sort());
  });

  it('never hands out ipcRenderer, and no method lets the caller choose a channel', async () => {
    const values = [bridge, bridge.operations, bridge.desktop].flatMap((o) => Object.values(o));
    for (const value of values) expect(value).not.toBe(electron.invoke);
    // Whatever a page passes as the first argument, the channel stays the method's own.
    electron.invoke.mockClear();
    await (bridge.operations.getHealth as (token: unknown, input: unknown) => Promise<unknown>)(
      'station:createUser',
      {},
    );
    await (bridge.desktop.listPrinters as (channel: unknown) => Promise<unknown>)('station:createUser');
    expect(electron.invoke.mock.calls.map((c) => c[0])).toEqual([
      ipcChannel('getHealth'),
      DESKTOP_CHANNELS.listPrinters,
    ]);
  });
});

describe('the preload’s source', () => {
  it('imports only electron and the bridge contract (its channel names)', async () => {
    const { readFile } = await import('node:fs/promises');
    const source = await readFile(new URL('../../preload/index.ts', import.meta.url), 'utf8');
    const imports = [...source.matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]).sort();
    expect(imports).toEqual(['../main/ipc/bridge', 'electron']);
    expect(source).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer/);
    expect(source).not.toMatch(/invoke\(\s*channel/);
  });
});
