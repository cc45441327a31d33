/** Station settings over SQLite: one JSON value per name. */
import type { SettingsStore } from '../../core/storage';
import { insertSql, reader, selectList, setFromExcluded, values } from '../shared/columns';
import { settings } from '../shared/tables/settings';
import type { Db } from './database';

export function sqliteSettings(db: Db): SettingsStore {
  const get = db.prepare<[string], unknown>(`SELECT ${selectList(settings, ['value'])} FROM settings WHERE name = ?`);
  const set = db.prepare(
    `${insertSql('sqlite', settings)} ON CONFLICT (name) DO UPDATE SET ${setFromExcluded(settings, ['name'])}`,
  );
  const decode = reader('sqlite', settings, ['value']);
  const encode = values('sqlite', settings);
  return {
    get: async <T>(name: string) => {
      const row = get.get(name);
      return row === undefined ? undefined : (decode(row).value as T);
    },
    set: async (name, value) => {
      set.run(...encode({ name, value }));
    },
  };
}
