/**
 * A bulk load's indexes and keys set aside and rebuilt: one sorted build per index after
 * the rows are in, instead of one index entry and one foreign-key lookup per row. The
 * definitions are read from the catalogue, so they come back exactly as the migrations
 * made them. Run inside the load's transaction: a failure rolls the drops back too.
 */
import type pg from 'pg';

/** The tables a desk fills by the million: their keys and indexes are built after the rows are in. */
export const BULK_TABLES = ['shipments', 'pieces', 'tracking_events', 'shipment_search_terms'];

interface Definition {
  /** The table, as regclass prints it (quoted where it must be). */
  table: string;
  name: string;
  /** A constraint's definition (pg_get_constraintdef) or a whole CREATE INDEX (pg_get_indexdef). */
  def: string;
}

export interface SetAside {
  /** How many keys and indexes wait to be rebuilt. */
  count: number;
  /** Builds them all again: keys, then plain indexes, then foreign keys (each checking every row). */
  restore(progress: (line: string) => void): Promise<void>;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Drops the primary keys, unique keys and indexes of `tables`, and every foreign key from
 * or to them. CHECK and NOT NULL stay: they cost nothing per row worth saving.
 */
export async function setAsideIndexes(client: pg.ClientBase, tables: readonly string[]): Promise<SetAside> {
  const { rows: keys } = await client.query<Definition & { type: string }>(
    `SELECT c.conrelid::regclass::text AS table, c.conname AS name, c.contype AS type, pg_get_constraintdef(c.oid) AS def
     FROM pg_constraint c
     WHERE (c.contype IN ('p', 'u', 'x') AND c.conrelid = ANY ($1::regclass[]))
        OR (c.contype = 'f' AND (c.conrelid = ANY ($1::regclass[]) OR c.confrelid = ANY ($1::regclass[])))
     ORDER BY c.conrelid::regclass::text, c.conname`,
    [tables],
  );
  const { rows: indexes } = await client.query<Definition>(
    `SELECT i.indrelid::regclass::text AS table, i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
     FROM pg_index i
     WHERE i.indrelid = ANY ($1::regclass[])
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.contype IN ('p', 'u', 'x'))
     ORDER BY 2`,
    [tables],
  );
  const foreign = keys.filter((k) => k.type === 'f');
  const unique = keys.filter((k) => k.type !== 'f');
  // Foreign keys first: each depends on the unique index it references.
  for (const k of foreign) await client.query(`ALTER TABLE ${k.table} DROP CONSTRAINT ${quoted(k.name)}`);
  for (const i of indexes) await client.query(`DROP INDEX ${i.name}`);
  for (const k of unique) await client.query(`ALTER TABLE ${k.table} DROP CONSTRAINT ${quoted(k.name)}`);

  return {
    count: keys.length + indexes.length,
    async restore(progress) {
      const timed = async (label: string, sql: string) => {
        const t0 = performance.now();
        await client.query(sql);
        progress(`${label} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
      };
      for (const k of unique)
        await timed(`key ${k.name}`, `ALTER TABLE ${k.table} ADD CONSTRAINT ${quoted(k.name)} ${k.def}`);
      for (const i of indexes) await timed(`index ${i.name}`, i.def);
      for (const k of foreign) {
        await timed(`foreign key ${k.name}`, `ALTER TABLE ${k.table} ADD CONSTRAINT ${quoted(k.name)} ${k.def}`);
      }
    },
  };
}
