/** The station key: the environment's when set, else one generated once into the data folder, private to its user. */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

  it('refuses a key file that is empty or cut short, rather than seal secrets under a guessable key', () => {
    const data = join(dir, 'short');
    mkdirSync(data);
    writeFileSync(join(data, STATION_KEY_FILE), '');
    expect(() => stationKey(data, undefined)).toThrow(/holds 0 characters, not the 16 or more a key needs/);
    writeFileSync(join(data, STATION_KEY_FILE), 'abc\n');
    expect(() => stationKey(data, undefined)).toThrow(/holds 3 characters/);
  });

  it.skipIf(process.platform === 'win32')(
    'is written whole, once, by one of several processes starting at once, in a 0700 folder',
    async () => {
      const data = join(dir, 'race', 'desk');
      const module = join(process.cwd(), 'main', 'station-key.ts');
      const script = `import { stationKey } from ${JSON.stringify(module)}; process.stdout.write(stationKey(process.argv[1], ''));`;
      const start = () =>
        new Promise<string>((resolve, reject) =>
          execFile(
            process.execPath,
            ['--import', 'tsx', '--input-type=module', '-e', script, data],
            (error, stdout, stderr) => (error ? reject(new Error(stderr || error.message)) : resolve(stdout)),
          ),
        );
      const keys = await Promise.all(Array.from({ length: 6 }, start));
      expect(new Set(keys).size).toBe(1);
      expect(keys[0]).toMatch(/^[\w-]{43}$/);
      expect(statSync(join(dir, 'race')).mode & 0o777).toBe(0o700);
      expect(statSync(data).mode & 0o777).toBe(0o700);
      expect(readdirSync(data)).toEqual([STATION_KEY_FILE]);
    },
    60_000,
  );
});
