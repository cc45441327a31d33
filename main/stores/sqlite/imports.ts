/** Batch imports over SQLite. */
import type { ImportRecord, ImportStore } from '../../core/storage';
import { referenceTerms } from '../shared/reference-terms';
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
    // Found by their search terms (a reference's folded term, then the exact reference): no
    // index of their own on a column every shipment fills.
    live: db.prepare<[string, string], { reference_one: string }>(
      `SELECT DISTINCT s.reference_one FROM shipment_search_terms t JOIN shipments s ON s.id = t.shipment_id
       WHERE t.term IN (SELECT value FROM json_each(?)) AND s.reference_one IN (SELECT value FROM json_each(?))
         AND s.status <> 'Cancelled'`,
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
    liveReferences: async (references) =>
      s.live.all(JSON.stringify(referenceTerms(references)), JSON.stringify(references)).map((r) => r.reference_one),
  };
}
