/** The carrier catalog's tables over SQLite. */
import type { CarrierStore, CatalogRecords } from '../../core/storage';
import { insertSql, reader, selectList, setFromExcluded, values, type Table } from '../shared/columns';
import { carrierFeatures, carrierServices, carriers } from '../shared/tables/carriers';
import type { Db } from './database';

export function sqliteCarriers(db: Db): CarrierStore {
  /** An insert of the whole row that replaces the row of the same id, and a read of every row in id order. */
  const statements = <T extends Table>(t: T) => {
    const upsert = db.prepare(`${insertSql('sqlite', t)} ON CONFLICT (id) DO UPDATE SET ${setFromExcluded(t, ['id'])}`);
    const all = db.prepare(`SELECT ${selectList(t)} FROM ${t.name} ORDER BY id`);
    const encode = values('sqlite', t);
    const decode = reader('sqlite', t);
    return {
      upsert: (record: Parameters<typeof encode>[0]) => upsert.run(...encode(record)),
      all: () => all.all().map(decode),
    };
  };
  const c = statements(carriers);
  const s = statements(carrierServices);
  const f = statements(carrierFeatures);
  const sync = db.transaction((catalog: CatalogRecords) => {
    for (const carrier of catalog.carriers) c.upsert(carrier);
    for (const service of catalog.services) s.upsert(service);
    for (const feature of catalog.features) f.upsert(feature);
  });
  return {
    sync: async (catalog) => {
      sync.immediate(catalog);
    },
    all: async () => ({ carriers: c.all(), services: s.all(), features: f.all() }),
  };
}
