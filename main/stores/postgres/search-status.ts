/**
 * A shipment's status code beside each of its search terms, changed with its
 * status in the same transaction. Every path that sets a status calls this.
 */
import type pg from 'pg';
import type { ShipmentStatus } from '../../core/schemas';
import { shipmentSearchTerms, type SearchableShipment } from '../../core/search';
import { statusCode } from '../shared/status-codes';

/**
 * Each term by its primary key (term, created_on, shipment_id), the terms computed from the
 * shipment as at its create and its created_on read from its row: there is no index on
 * shipment_id, and one would cost ten rows a shipment.
 */
export async function setSearchStatus(
  tx: pg.ClientBase,
  shipments: readonly ({ id: number } & SearchableShipment)[],
  status: ShipmentStatus,
): Promise<void> {
  const terms: string[] = [];
  const ids: number[] = [];
  for (const shipment of shipments) {
    for (const term of shipmentSearchTerms(shipment)) {
      terms.push(term);
      ids.push(shipment.id);
    }
  }
  if (terms.length === 0) return;
  await tx.query(
    `UPDATE shipment_search_terms t SET status_code = $3
     FROM unnest($1::text[], $2::bigint[]) AS u(term, shipment_id) JOIN shipments s ON s.id = u.shipment_id
     WHERE t.term = u.term AND t.created_on = s.created_on AND t.shipment_id = u.shipment_id`,
    [terms, ids, statusCode(status)],
  );
}
