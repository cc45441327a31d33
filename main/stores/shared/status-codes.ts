/** Statuses as the codes both stores keep beside the search terms (core/statuses.ts STATUS_CODES). */
import type { ShipmentStatus } from '../../core/schemas';
import { STATUS_CODES } from '../../core/statuses';

export const statusCode = (status: ShipmentStatus): number => STATUS_CODES[status];

const BY_CODE = new Map(Object.entries(STATUS_CODES).map(([status, code]) => [code, status as ShipmentStatus]));

/** The status a stored code stands for; throws on a code no status has (a damaged row). */
export function statusOfCode(code: number): ShipmentStatus {
  const status = BY_CODE.get(code);
  if (status === undefined) throw new Error(`no status has the code ${code}`);
  return status;
}

/** `column`'s status as its code, in SQL both dialects run: for a migration's set-based fill. */
export function statusCodeSql(column: string): string {
  const arms = Object.entries(STATUS_CODES).map(([status, code]) => `WHEN '${status}' THEN ${code}`);
  return `CASE ${column} ${arms.join(' ')} END`;
}

/** `column`'s code as its status's name, in SQL: the reverse of statusCodeSql. */
export function statusNameSql(column: string): string {
  const arms = Object.entries(STATUS_CODES).map(([status, code]) => `WHEN ${code} THEN '${status}'`);
  return `CASE ${column} ${arms.join(' ')} END`;
}
