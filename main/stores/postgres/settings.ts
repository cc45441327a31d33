/** Station settings over PostgreSQL: one jsonb value per name, shared by every desk. */
import type pg from 'pg';
import type { SettingsStore } from '../../core/storage';

export function postgresSettings(pool: pg.Pool): SettingsStore {
  return {
    async get<T>(name: string) {
      const { rows } = await pool.query<{ value: T }>('SELECT value FROM settings WHERE name = $1', [name]);
      return rows[0]?.value;
    },
    async set(name, value) {
      await pool.query(
        'INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
        [name, JSON.stringify(value)],
      );
    },
  };
}
