import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '../operations/spec';
import { DESKTOP_CHANNELS, ipcChannel } from './bridge';

describe('IPC channels', () => {
  it('are fixed strings, one per operation, all different', () => {
    for (const name of OPERATION_NAMES) expect(ipcChannel(name)).toBe(`station:${name}`);
    const channels = [...OPERATION_NAMES.map(ipcChannel), ...Object.values(DESKTOP_CHANNELS)];
    expect(new Set(channels).size).toBe(channels.length);
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

  it('reach the preload as the table’s own names, in its order', () => {
    expect(__OPERATION_NAMES__).toEqual(OPERATION_NAMES);
  });
});
