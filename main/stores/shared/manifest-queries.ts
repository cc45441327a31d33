/** What both dialects ask of the manifests in the same words. */
import type { ManifestFilter } from '../../core/storage';
import { sql, where, type Sql } from './sql';

/** A page's filter: the carrier, and the days it was made between (both ends inclusive). */
export function manifestsWhere(f: ManifestFilter): Sql {
  const conditions: Sql[] = [];
  if (f.carrierId !== null) conditions.push(sql`carrier_id = ${f.carrierId}`);
  if (f.from !== null) conditions.push(sql`created_on >= ${f.from}`);
  if (f.to !== null) conditions.push(sql`created_on <= ${f.to}`);
  return where(conditions);
}
