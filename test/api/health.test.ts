/**
 * Health that tells the truth (docs/contract.md §22): GET /health is the process's liveness, and
 * GET /health/ready answers 503 naming the store while the store does not answer, then 200
 * again once it does, without a restart.
 */
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DATABASE_FILE } from '../../main/stores/sqlite/database';
import { startTestStation, testStore, type TestStation } from '../helpers/station';

let t: TestStation;
beforeAll(async () => {
  t = await startTestStation();
});
afterAll(() => t.close());

/** Takes the store away from the station, and gives it back: the file moved away on SQLite, connections refused on PostgreSQL. */
async function storeAway(): Promise<() => Promise<void>> {
  if (testStore() === 'sqlite') {
    const file = join(t.dataDir, DATABASE_FILE);
    renameSync(file, `${file}.away`);
    return async () => renameSync(`${file}.away`, file);
  }
  const name = new URL(t.databaseUrl!).pathname.slice(1);
  const admin = new pg.Client({ connectionString: inject('postgresUrl') });
  await admin.connect();
  const allow = (yes: boolean) => admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS ${yes}`);
  await allow(false);
  await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
  return async () => {
    await allow(true);
    await admin.end();
  };
}

describe('GET /health/ready', () => {
  it('is 200 naming the store while it answers', async () => {
    const res = await t.request({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', store: testStore() });
  });

  it('is a 503 problem naming the store while it does not answer, while /health stays 200; ready again once it is back', async () => {
    const giveBack = await storeAway();
    try {
      const res = await t.request({ method: 'GET', url: '/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.headers['retry-after']).toBeDefined();
      const body = res.json<Record<string, string>>();
      expect(body).toMatchObject({ type: '/problems/unavailable', status: 503, store: testStore() });
      expect(body.detail).toMatch(testStore() === 'sqlite' ? /SQLite database .* deleted or moved/ : /PostgreSQL/);
      expect(body.detail).not.toMatch(/password|secret/i);
      const live = await t.request({ method: 'GET', url: '/health' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toMatchObject({ status: 'ok' });
    } finally {
      await giveBack();
    }
    const back = await t.request({ method: 'GET', url: '/health/ready' });
    expect(back.statusCode, back.body).toBe(200);
  });
});
