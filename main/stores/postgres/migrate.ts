/**
 * Per-dialect migrations for PostgreSQL, run once whichever desk starts first: under a
 * session advisory lock, each migration in its own transaction. A database newer than this
 * code refuses it, naming both versions.
 */
import pg from 'pg';
import type { OnMigration } from '../../core/storage';
import { MIGRATIONS } from './migrations';
import { connectionConfig } from './pool';

/** Any fixed number: every desk takes the same lock. ("SSMIGRAT" in ASCII.) */
const MIGRATION_LOCK = 0x5353_4d49_4752_4154n;

export const LATEST_VERSION = MIGRATIONS.at(-1)?.version ?? 0;

/**
 * On a client of its own, not the pool's: the pool's statement and read timeouts would cancel
 * a long migration, or a desk waiting for the lock while another desk migrates.
 */
export async function migrate(url: string, onMigration?: OnMigration): Promise<void> {
  const client = new pg.Client(connectionConfig(url));
  client.on('error', () => undefined);
  try {
    await client.connect();
    // Held by the session: a desk that dies mid-migration lets go with its connection.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    integer PRIMARY KEY,
      name       text NOT NULL,
      applied_on bigint NOT NULL)`);
    const { rows } = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM schema_migrations',
    );
    const current = rows[0]?.version ?? 0;
    if (current > LATEST_VERSION) {
      throw new Error(
        `The database is at schema version ${current}, newer than this station (${LATEST_VERSION}). Update the station.`,
      );
    }
    for (const migration of MIGRATIONS) {
      if (migration.version <= current) continue;
      // A new database is simply made; only an existing one is told it is being upgraded.
      if (current > 0) onMigration?.({ version: migration.version, name: migration.name });
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await migration.backfill?.(client);
        await client.query('INSERT INTO schema_migrations (version, name, applied_on) VALUES ($1, $2, $3)', [
          migration.version,
          migration.name,
          Date.now(),
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
      if (migration.afterCommit) await client.query(migration.afterCommit);
    }
  } finally {
    // Ending the session releases the advisory lock, even when an unlock could not be sent.
    await client.end().catch(() => undefined);
  }
}
