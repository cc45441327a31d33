/** Station settings over PostgreSQL: one jsonb value per name, shared by every desk. */
import type pg from 'pg';
import type { SettingsStore } from '../../core/storage';
import { insertSql, selectList, setFromExcluded, values } from '../shared/columns';
import { settings } from '../shared/tables/settings';

const GET = `SELECT ${selectList(settings, ['value'])} FROM settings WHERE name = $1`;
const SET = `${insertSql('postgres', settings)} ON CONFLICT (name) DO UPDATE SET ${setFromExcluded(settings, ['name'])}`;
const encode = values('postgres', settings);

export function postgresSettings(pool: pg.Pool): SettingsStore {
  return {
    async get<T>(name: string) {
      const { rows } = await pool.query<{ value: T }>(GET, [name]);
      return rows[0]?.value;
    },
    async set(name, value) {
      await pool.query(SET, encode({ name, value }));
    },
  };
}
