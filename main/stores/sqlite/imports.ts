/** Batch imports over SQLite. */
import type { ImportRecord, ImportStore } from '../../core/storage';
import { insertSql, reader, selectList, values } from '../shared/columns';
import { imports } from '../shared/tables/imports';
import type { Db } from './database';
import type { GroupCommit } from './group-commit';

const NEW = ['userId', 'key', 'fileHash', 'createdOn', 'result'] as const;

export function sqliteImports(db: Db, commit: GroupCommit): ImportStore {
  const s = {
    insert: db.prepare(insertSql('sqlite', imports, NEW)),
    byId: db.prepare<[number]>(`SELECT ${selectList(imports)} FROM imports WHERE id = ?`),
    byKey: db.prepare<[number, string]>(
      `SELECT ${selectList(imports)} FROM imports WHERE user_id = ? AND idempotency_key = ?`,
    ),
    live: db.prepare<[string], { reference_one: string }>(
      `SELECT DISTINCT reference_one FROM shipments
       WHERE reference_one IN (SELECT value FROM json_each(?)) AND reference_one <> '' AND status <> 'Cancelled'`,
    ),
  };
  const encode = values('sqlite', imports, NEW);
  const decode = reader('sqlite', imports);
  const one = (row: unknown): ImportRecord | undefined => (row === undefined ? undefined : decode(row));
  return {
    save: (record) =>
      commit(() => {
        const existing = record.key === null ? undefined : one(s.byKey.get(record.userId, record.key));
        if (existing) return { existing };
        return { id: Number(s.insert.run(...encode(record)).lastInsertRowid) };
      }),
    byId: async (id) => one(s.byId.get(id)),
    byKey: async (userId, key) => one(s.byKey.get(userId, key)),
    liveReferences: async (references) => s.live.all(JSON.stringify(references)).map((r) => r.reference_one),
  };
}
