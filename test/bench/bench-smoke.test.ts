import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'ss-bench-smoke-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every number in the results, by its JSON path. */
function numbers(value: unknown, path = ''): [string, number][] {
  if (typeof value === 'number') return [[path, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => numbers(v, path ? `${path}.${k}` : k));
  return [];
}

describe('npm run bench -- --quick', () => {
  it('runs once and writes every figure', { timeout: 240_000 }, async () => {
    const out = join(dir, 'results.json');
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--quick', '--out', out], {
      cwd: ROOT,
      timeout: 230_000,
    });
    const results = JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown> & {
      list: Record<string, { small: { exact: boolean }; large: { exact: boolean } }>;
      create: { errors: number };
      createSmall: { errors: number };
    };
    expect(Object.keys(results.list).sort()).toEqual(
      [
        'no filter',
        'one status',
        'three statuses',
        '7-day range',
        'status + 30 days',
        'page 2000',
        'deepest full page',
        'search: shipment number',
        'search: tracking number, spaced',
        'search: reference prefix',
        'search: full name',
        'search: post code',
        'search: email',
        'search: name + status',
        'search: name, one common word',
      ].sort(),
    );
    for (const [name, figures] of Object.entries(results.list)) {
      expect(figures.small.exact, `${name} totals exact`).toBe(true);
      expect(figures.large.exact, `${name} totals exact`).toBe(true);
    }
    expect(results.create.errors).toBe(0);
    expect(results.createSmall.errors).toBe(0);
    for (const key of [
      'create',
      'createSmall',
      'renderer',
      'createVsRenderer',
      'ceiling',
      'labelFetch10PiecesP95Ms',
      'peakRssMb',
      'dbBytesPerShipment',
      'startToListeningMs',
    ]) {
      expect(results[key], key).toBeDefined();
    }
    for (const [path, value] of numbers(results)) {
      if (path.endsWith('.errors') || path.startsWith('loadAverage')) continue;
      // A loop that never waited past its sampling interval reads 0.
      if (path.endsWith('.loopDelayP99')) expect(value, path).toBeGreaterThanOrEqual(0);
      else expect(value, path).toBeGreaterThan(0);
    }
  });
});

describe('npm run bench -- --quick --store postgres', () => {
  it('runs three desks on one PostgreSQL database and writes every figure', { timeout: 240_000 }, async () => {
    const out = join(dir, 'results-postgres.json');
    // The run's own server: the bench starts one as the tests do, or uses this one.
    const env = { ...process.env, SHIPPING_STATION_BENCH_DATABASE_URL: inject('postgresUrl') };
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'bench/run.ts', '--quick', '--store', 'postgres', '--out', out],
      {
        cwd: ROOT,
        timeout: 230_000,
        env,
      },
    );
    const results = JSON.parse(readFileSync(out, 'utf8')) as {
      store: string;
      desks: number;
      list: Record<string, { exact: boolean; p95: number }>;
      create: { perSecond: number; errors: number };
    };
    expect(results.store).toBe('postgres');
    expect(results.desks).toBe(3);
    // The 7 list shapes and the 8 search shapes (counted on the SQLite source).
    expect(Object.keys(results.list)).toHaveLength(15);
    expect(Object.keys(results.list)).toContain('search: name, one common word');
    for (const [name, figure] of Object.entries(results.list)) expect(figure.exact, `${name} totals exact`).toBe(true);
    expect(results.create.errors).toBe(0);
    expect(results.create.perSecond).toBeGreaterThan(0);
  });
});
