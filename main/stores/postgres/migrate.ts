/**
 * Per-dialect migrations for PostgreSQL, run once whichever desk starts first: under a
 * session advisory lock, each migration in its own transaction. A database newer than this
 * code refuses it, naming both versions.
 */
import type pg from 'pg';
import type { OnMigration } from '../../core/storage';
import { MIGRATIONS } from './migrations';

/** Any fixed number: every desk takes the same lock. ("SSMIGRAT" in ASCII.) */
const MIGRATION_LOCK = 0x5353_4d49_4752_4154n;

export const LATEST_VERSION = MIGRATIONS.at(-1)?.version ?? 0;

export async function migrate(pool: pg.Pool, onMigration?: OnMigration): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version    integer PRIMARY KEY,
        name       text NOT NULL,
        applied_on bigint NOT NULL)`);
      const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
      const current = rows[0]?.version ?? 0;
      if (current > LATEST_VERSION) {
        throw new Error(
          `The database is at schema version ${current}, newer than this station (${LATEST_VERSION}). Update the station.`,
        );
      }
      for (const migration of MIGRATIONS) {
        if (migration.version <= current) continue;
        if (current > 0) onMigration?.(migration);
        await client.query('BEGIN');
        try {
          await client.query(migration.sql);
          await client.query('INSERT INTO schema_migrations (version, name, applied_on) VALUES ($1, $2, $3)', [
            migration.version,
            migration.name,
            Date.now(),
          ]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]);
    }
  } finally {
    client.release();
  }
}
