/**
 * A shipment's status code beside each of its search terms, changed with its
 * status in the same write. Every path that sets a status calls this.
 */
import type { Statement } from 'better-sqlite3';
import type { ShipmentStatus } from '../../core/schemas';
import { shipmentSearchTerms, type SearchableShipment } from '../../core/search';
import { statusCode } from '../shared/status-codes';
import type { Db } from './database';

const statements = new WeakMap<Db, Statement<[number, string, number]>>();

/**
 * Each term by its primary key (term, shipment_id), the terms computed from the shipment as
 * at its create: there is no index on shipment_id, and one would cost ten rows a shipment.
 */
export function setSearchStatus(
  db: Db,
  shipments: readonly ({ id: number } & SearchableShipment)[],
  status: ShipmentStatus,
): void {
  let update = statements.get(db);
  if (!update) {
    update = db.prepare('UPDATE shipment_search_terms SET status_code = ? WHERE term = ? AND shipment_id = ?');
    statements.set(db, update);
  }
  const code = statusCode(status);
  for (const shipment of shipments) {
    for (const term of shipmentSearchTerms(shipment)) update.run(code, term, shipment.id);
  }
}
