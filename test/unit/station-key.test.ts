/** The station key: the environment's when set, else one generated once into the data folder, private to its user. */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STATION_KEY_FILE, stationKey } from '../../main/station-key';

const dir = mkdtempSync(join(tmpdir(), 'ss-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the station key', () => {
  it('is generated once into the data folder, readable by its user only, and the same at every start', () => {
    const data = join(dir, 'desk');
    const first = stationKey(data, undefined);
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(statSync(join(data, STATION_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(stationKey(data, '')).toBe(first);
    expect(readFileSync(join(data, STATION_KEY_FILE), 'utf8').trim()).toBe(first);
  });

  it('is SHIPPING_STATION_SECRET_KEY when set, and refuses a short one', () => {
    expect(stationKey(join(dir, 'other'), 'the same key on every desk')).toBe('the same key on every desk');
    expect(() => stationKey(join(dir, 'other'), 'short')).toThrow(/at least 16 characters/);
  });
});
