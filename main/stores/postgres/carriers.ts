/** The carrier catalog's tables over PostgreSQL. */
import type pg from 'pg';
import type { CarrierStore } from '../../core/storage';
import { insertSql, reader, selectList, setFromExcluded, values, type RowOf, type Table } from '../shared/columns';
import { carrierFeatures, carrierServices, carriers } from '../shared/tables/carriers';
import { inTransaction, type Tx } from './pool';

/** Any fixed number ("SSCATALG"): every desk takes the same lock. */
const CATALOG_LOCK = 0x5353_4341_5441_4c47n;

/** An insert of the whole row that replaces the row of the same id, and a read of every row in id order. */
function statements<T extends Table>(t: T) {
  const upsert = `${insertSql('postgres', t)} ON CONFLICT (id) DO UPDATE SET ${setFromExcluded(t, ['id'])}`;
  const all = `SELECT ${selectList(t)} FROM ${t.name} ORDER BY id`;
  const encode = values('postgres', t);
  const decode = reader('postgres', t);
  return {
    upsert: (tx: Tx, record: RowOf<T>) => tx.query(upsert, encode(record)),
    all: async (pool: pg.Pool) => (await pool.query(all)).rows.map(decode),
  };
}

const c = statements(carriers);
const s = statements(carrierServices);
const f = statements(carrierFeatures);

export function postgresCarriers(pool: pg.Pool): CarrierStore {
  return {
    sync: (catalog) =>
      inTransaction(pool, async (tx) => {
        // Every desk syncs the same file at start, one at a time: two new rows inserted at
        // once could meet on a unique code before ON CONFLICT (id) sees them.
        await tx.query('SELECT pg_advisory_xact_lock($1)', [CATALOG_LOCK.toString()]);
        for (const carrier of catalog.carriers) await c.upsert(tx, carrier);
        for (const service of catalog.services) await s.upsert(tx, service);
        for (const feature of catalog.features) await f.upsert(tx, feature);
      }),
    async all() {
      const [carrierRows, services, features] = await Promise.all([c.all(pool), s.all(pool), f.all(pool)]);
      return { carriers: carrierRows, services, features };
    },
  };
}
