import { describe, expect, it } from 'vitest';
import * as names from '../operations/names';
import { ipcChannel, OPERATION_NAMES, operations } from '../operations/spec';
import { allChannels, DESKTOP_CHANNELS, operationChannels } from './channels';

describe('operation names for the preload', () => {
  it('are exactly the table’s operations, in the table’s order (spec.ts is the source of truth)', () => {
    expect([...names.OPERATION_NAMES]).toEqual(Object.keys(operations));
    expect([...names.OPERATION_NAMES]).toEqual(OPERATION_NAMES);
  });

  it('give every operation the same channel as spec.ts', () => {
    for (const name of OPERATION_NAMES) expect(names.ipcChannel(name)).toBe(ipcChannel(name));
  });
});

describe('IPC channels', () => {
  it('cover every operation of the table exactly once', () => {
    const covered = operationChannels().map((c) => c.name);
    expect([...covered].sort()).toEqual([...OPERATION_NAMES].sort());
    expect(new Set(covered).size).toBe(covered.length);
  });

  it('are fixed strings, one per operation, all different', () => {
    for (const { name, channel } of operationChannels()) expect(channel).toBe(`station:${name}`);
    const channels = allChannels();
    expect(new Set(channels).size).toBe(channels.length);
    expect(channels).toHaveLength(OPERATION_NAMES.length + Object.keys(DESKTOP_CHANNELS).length);
  });

  it('give the desktop its own namespace, apart from the operations', () => {
    expect(DESKTOP_CHANNELS).toEqual({
      listPrinters: 'desktop:listPrinters',
      printLabel: 'desktop:printLabel',
      apiStatus: 'desktop:apiStatus',
      databaseChoice: 'desktop:databaseChoice',
      chooseDatabase: 'desktop:chooseDatabase',
    });
    for (const channel of Object.values(DESKTOP_CHANNELS)) expect(channel.startsWith('station:')).toBe(false);
  });
});
