/** Station settings over SQLite: one JSON value per name. */
import type { SettingsStore } from '../../core/storage';
import type { Db } from './database';

export function sqliteSettings(db: Db): SettingsStore {
  const get = db.prepare<[string], string>('SELECT value FROM settings WHERE name = ?').pluck();
  const set = db.prepare<[string, string]>(
    'INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  );
  return {
    get: async <T>(name: string) => {
      const value = get.get(name);
      return value === undefined ? undefined : (JSON.parse(value) as T);
    },
    set: async (name, value) => {
      set.run(name, JSON.stringify(value));
    },
  };
}
