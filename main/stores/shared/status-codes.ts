/** Statuses as the codes both stores keep beside the search terms (core/statuses.ts STATUS_CODES). */
import type { ShipmentStatus } from '../../core/schemas';
import { STATUS_CODES } from '../../core/statuses';

export const statusCode = (status: ShipmentStatus): number => STATUS_CODES[status];

/** `column`'s status as its code, in SQL both dialects run: for a migration's set-based fill. */
export function statusCodeSql(column: string): string {
  const arms = Object.entries(STATUS_CODES).map(([status, code]) => `WHEN '${status}' THEN ${code}`);
  return `CASE ${column} ${arms.join(' ')} END`;
}
