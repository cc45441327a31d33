/** Batch imports over PostgreSQL. */
import type pg from 'pg';
import type { ImportRecord, ImportStore } from '../../core/storage';
import { insertSql, selectList, values } from '../shared/columns';
import { referenceTerms } from '../shared/reference-terms';
import { imports } from '../shared/tables/imports';

const NEW = ['userId', 'key', 'fileHash', 'createdOn', 'result'] as const;
const COLUMNS = selectList(imports);
// A second desk saving the same key at once waits on the unique index, then inserts nothing.
const INSERT = `${insertSql('postgres', imports, NEW)}
  ON CONFLICT (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING RETURNING id`;
const encode = values('postgres', imports, NEW);

export function postgresImports(pool: pg.Pool): ImportStore {
  const byKey = async (userId: number, key: string) =>
    (
      await pool.query<ImportRecord>(`SELECT ${COLUMNS} FROM imports WHERE user_id = $1 AND idempotency_key = $2`, [
        userId,
        key,
      ])
    ).rows[0];
  return {
    async save(record) {
      const { rows } = await pool.query<{ id: number }>(INSERT, encode(record));
      if (rows[0]) return { id: rows[0].id };
      return { existing: (await byKey(record.userId, record.key!))! };
    },
    byId: async (id) => (await pool.query<ImportRecord>(`SELECT ${COLUMNS} FROM imports WHERE id = $1`, [id])).rows[0],
    byKey,
    liveReferences: async (references) =>
      (
        await pool.query<{ ref: string }>(
          // Found by their search terms, as on SQLite: no index of their own.
          `SELECT DISTINCT s.reference_one AS ref FROM shipment_search_terms t JOIN shipments s ON s.id = t.shipment_id
           WHERE t.term = ANY($1::text[]) AND s.reference_one = ANY($2::text[]) AND s.status <> 'Cancelled'`,
          [referenceTerms(references), references],
        )
      ).rows.map((r) => r.ref),
  };
}
