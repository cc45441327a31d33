/**
 * The start window's progress through a real schema upgrade: a SQLite file set back two
 * versions is upgraded in a worker thread (as the desktop does before opening the station),
 * each step reaching the main thread as "step n of 2", and the file ends at the latest schema.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../stores/sqlite';
import { openConnection } from '../stores/sqlite/connection';
import { DATABASE_FILE } from '../stores/sqlite/database';
import { MIGRATIONS } from '../stores/sqlite/migrations';
import { startPage, startProgress } from './start-progress';
import { upgradeSqliteInWorker, type UpgradeStep } from './upgrade';

const tmp = mkdtempSync(join(tmpdir(), 'ss-upgrade-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const LATEST = MIGRATIONS.at(-1)!.version;

async function databaseAt(version: number): Promise<string> {
  const dataDir = mkdtempSync(join(tmp, 'data-'));
  await openSqliteStore({ dataDir }).close();
  const db = openConnection(join(dataDir, DATABASE_FILE));
  db.pragma(`user_version = ${version}`);
  db.close();
  return dataDir;
}

const versionOf = (dataDir: string) => {
  const db = openConnection(join(dataDir, DATABASE_FILE), { readonly: true });
  try {
    return db.pragma('user_version', { simple: true });
  } finally {
    db.close();
  }
};

describe('upgrading the SQLite file before the station opens', () => {
  it('runs each pending migration in a worker, telling the start window step by step', async () => {
    // Set back two: the latest migrations are written to be safe to run twice.
    const dataDir = await databaseAt(LATEST - 2);
    const steps: UpgradeStep[] = [];
    const progress = startProgress();
    const views: string[] = [];
    await upgradeSqliteInWorker({ dataDir }, (step) => {
      steps.push(step);
      const view = progress.upgrading(step);
      views.push(`${view.title} (${Math.round(view.done! * 100)}%)`);
    });
    expect(steps).toEqual(MIGRATIONS.slice(-2).map(({ version, name }) => ({ version, name, latest: LATEST })));
    expect(views).toEqual(['Upgrading the database: step 1 of 2 (0%)', 'Upgrading the database: step 2 of 2 (50%)']);
    expect(progress.starting()).toMatchObject({ title: 'Starting the station…', done: 1 });
    expect(versionOf(dataDir)).toBe(LATEST);
  });

  it('tells nothing for a database already at the latest schema', async () => {
    const dataDir = await databaseAt(LATEST);
    const steps: UpgradeStep[] = [];
    await upgradeSqliteInWorker({ dataDir }, (step) => steps.push(step));
    expect(steps).toEqual([]);
    expect(startProgress().starting().done).toBeNull();
  });

  it('fails with the store’s own sentence for a database newer than this station', async () => {
    const dataDir = await databaseAt(LATEST + 1);
    await expect(upgradeSqliteInWorker({ dataDir }, () => undefined)).rejects.toThrow(
      `The database is at schema version ${LATEST + 1}, newer than this station (${LATEST}). Update the station.`,
    );
  });
});

describe('the start window’s page', () => {
  it('says what is happening, with a bar that moves by itself until there is something to measure', () => {
    const opening = startPage(startProgress().opening());
    expect(opening).toContain('Opening the database…');
    expect(opening).toContain('<progress aria-label="Progress"></progress>');
    expect(opening).not.toMatch(/<script/i);
    const upgrading = startPage(startProgress().upgrading({ version: 13, name: 'search-status', latest: 16 }));
    expect(upgrading).toContain('Upgrading the database: step 1 of 4');
    expect(upgrading).toContain('search status. On a large database this can take a few minutes');
    expect(upgrading).toContain('max="100" value="0"');
  });

  it('escapes what it shows', () => {
    const page = startPage({ title: '<img src=x onerror=alert(1)>', detail: '"&', done: null });
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('&quot;&amp;');
  });
});
