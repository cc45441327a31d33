import type { Db } from './database';

export function settingsRepo(db: Db) {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE name = ?');
  const set = db.prepare<[string, string]>(
    'INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  );
  return {
    get: <T>(name: string): T | undefined => {
      const row = get.get(name);
      return row === undefined ? undefined : (JSON.parse(row.value) as T);
    },
    set: (name: string, value: unknown) => set.run(name, JSON.stringify(value)),
  };
}
export type SettingsRepo = ReturnType<typeof settingsRepo>;
