/** Batch imports over SQLite. */
import type { ImportRecord, ImportStore } from '../../core/storage';
import type { Db } from './database';
import type { GroupCommit } from './group-commit';

interface ImportRow {
  id: number;
  user_id: number;
  idempotency_key: string | null;
  file_hash: Buffer;
  created_on: number;
  result: string;
}

const toRecord = (r: ImportRow): ImportRecord => ({
  id: r.id,
  userId: r.user_id,
  key: r.idempotency_key,
  fileHash: r.file_hash,
  createdOn: r.created_on,
  result: r.result,
});

export function sqliteImports(db: Db, commit: GroupCommit): ImportStore {
  const s = {
    insert: db.prepare<[number, string | null, Buffer, number, string]>(
      'INSERT INTO imports (user_id, idempotency_key, file_hash, created_on, result) VALUES (?, ?, ?, ?, ?)',
    ),
    byId: db.prepare<[number], ImportRow>('SELECT * FROM imports WHERE id = ?'),
    byKey: db.prepare<[number, string], ImportRow>('SELECT * FROM imports WHERE user_id = ? AND idempotency_key = ?'),
    live: db.prepare<[string], { reference_one: string }>(
      `SELECT DISTINCT reference_one FROM shipments
       WHERE reference_one IN (SELECT value FROM json_each(?)) AND reference_one <> '' AND status <> 'Cancelled'`,
    ),
  };
  return {
    save: (record) =>
      commit(() => {
        const existing = record.key === null ? undefined : s.byKey.get(record.userId, record.key);
        if (existing) return { existing: toRecord(existing) };
        return {
          id: Number(
            s.insert.run(record.userId, record.key, record.fileHash, record.createdOn, record.result).lastInsertRowid,
          ),
        };
      }),
    byId: async (id) => {
      const row = s.byId.get(id);
      return row && toRecord(row);
    },
    byKey: async (userId, key) => {
      const row = s.byKey.get(userId, key);
      return row && toRecord(row);
    },
    liveReferences: async (references) => s.live.all(JSON.stringify(references)).map((r) => r.reference_one),
  };
}
