/**
 * The list and its exact totals at a million shipments: deep pages skip whole days by the
 * per-day aggregate (migration 0002), and the page's rows are read by a deferred join.
 */
import type { Statement } from 'better-sqlite3';
import type { ListFilter } from '../../core/storage';
import type { Db } from './database';
import { LIST_COLUMNS, type ListRow } from './rows';

const DAY_MS = 86_400_000;
/** Below this offset a plain index skip is already cheap; above it whole days are skipped first. */
const SKIP_DAYS_FROM_OFFSET = 5_000;

type Params = (string | number)[];

/**
 * `status IN (…)` and a range of `column` as a WHERE clause with its parameters: shipments
 * by `created_on` (both ends inclusive), or the day totals by `day` (the end exclusive).
 */
function whereClause(
  statuses: string[],
  from: number | null,
  to: number | null,
  range: { column: 'created_on' | 'day'; below: '<=' | '<' } = { column: 'created_on', below: '<=' },
): { sql: string; params: Params } {
  const parts: string[] = [];
  const params: Params = [];
  if (statuses.length > 0) {
    parts.push(`status IN (${statuses.map(() => '?').join(', ')})`);
    params.push(...statuses);
  }
  if (from !== null) {
    parts.push(`${range.column} >= ?`);
    params.push(from);
  }
  if (to !== null) {
    parts.push(`${range.column} ${range.below} ?`);
    params.push(to);
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** The whole UTC days inside [from, to]: first day, and the day after the last (null = unbounded). */
function wholeDays(from: number | null, to: number | null): { first: number | null; end: number | null } {
  return {
    first: from === null ? null : Math.ceil(from / DAY_MS),
    end: to === null ? null : Math.floor((to + 1) / DAY_MS),
  };
}

export function listQueries(db: Db) {
  // One prepared statement per filter shape, made on first use.
  const listStatements = new Map<string, Statement<Params, ListRow>>();
  const countStatements = new Map<string, Statement<Params, { items: number; pieces: number }>>();

  const cached = <R>(map: Map<string, Statement<Params, R>>, sql: string): Statement<Params, R> => {
    let stmt = map.get(sql);
    if (!stmt) map.set(sql, (stmt = db.prepare<Params, R>(sql)));
    return stmt;
  };
  const dayStatements = new Map<string, Statement<Params, { day: number; items: number; pieces: number }>>();
  const dayWhere = (statuses: string[], first: number | null, end: number | null) =>
    whereClause(statuses, first, end, { column: 'day', below: '<' });
  const exactTotals = (statuses: string[], from: number | null, to: number | null) => {
    if (from !== null && to !== null && from > to) return { items: 0, pieces: 0 };
    const where = whereClause(statuses, from, to);
    const sql = `SELECT count(*) AS items, coalesce(sum(piece_count), 0) AS pieces FROM shipments ${where.sql}`;
    return cached(countStatements, sql).get(...where.params)!;
  };
  const dayTotals = (statuses: string[], first: number | null, end: number | null) => {
    const where = dayWhere(statuses, first, end);
    const sql = `SELECT 0 AS day, coalesce(sum(items), 0) AS items, coalesce(sum(pieces), 0) AS pieces FROM shipment_day_totals ${where.sql}`;
    return cached(dayStatements, sql).get(...where.params)!;
  };
  /**
   * A deep page (e.g. offset 199,900) skips whole days by their aggregate counts, narrowing
   * the date range, so the index skip that remains is at most about a day of rows.
   */
  const skipWholeDays = (f: ListFilter): { from: number | null; to: number | null; offset: number } => {
    let { from, to, offset } = f;
    if (offset < SKIP_DAYS_FROM_OFFSET) return { from, to, offset };
    const { first, end } = wholeDays(from, to);
    if (first !== null && end !== null && first >= end) return { from, to, offset };
    // The partial day at the start of the order, counted exactly, must be skipped first.
    if (f.newestFirst && to !== null && end !== null) {
      const head = exactTotals(f.statuses, end * DAY_MS, to).items;
      if (head > offset) return { from, to, offset };
      offset -= head;
      to = end * DAY_MS - 1;
    } else if (!f.newestFirst && from !== null && first !== null) {
      const head = exactTotals(f.statuses, from, first * DAY_MS - 1).items;
      if (head > offset) return { from, to, offset };
      offset -= head;
      from = first * DAY_MS;
    }
    const where = dayWhere(f.statuses, first, end);
    const sql = `SELECT day, sum(items) AS items, 0 AS pieces FROM shipment_day_totals ${where.sql}
      GROUP BY day ORDER BY day ${f.newestFirst ? 'DESC' : 'ASC'}`;
    for (const { day, items } of cached(dayStatements, sql).iterate(...where.params)) {
      if (items > offset) break;
      offset -= items;
      if (f.newestFirst) to = day * DAY_MS - 1;
      else from = (day + 1) * DAY_MS;
    }
    return { from, to, offset };
  };

  return {
    list(filter: ListFilter): ListRow[] {
      const { from, to, offset } = skipWholeDays(filter);
      const where = whereClause(filter.statuses, from, to);
      const dir = filter.newestFirst ? 'DESC' : 'ASC';
      const order = `ORDER BY created_on ${dir}, id ${dir}`;
      // Deferred join: the OFFSET skip walks a covering index (no table rows), then only the
      // page's rows are read by id.
      let ids: string;
      let params: Params;
      if (filter.statuses.length > 1) {
        // Several statuses: merge one index-ordered, limited scan per status rather than sort
        // every matching row (a status IN list cannot use the (status, created_on) order).
        const arms = filter.statuses.map((status) => {
          const arm = whereClause([status], from, to);
          return { sql: `SELECT * FROM (SELECT id, created_on FROM shipments ${arm.sql} ${order} LIMIT ?)`, params: arm.params };
        });
        ids = `SELECT id FROM (${arms.map((a) => a.sql).join(' UNION ALL ')}) ${order} LIMIT ? OFFSET ?`;
        params = [...arms.flatMap((a) => [...a.params, offset + filter.limit]), filter.limit, offset];
      } else {
        ids = `SELECT id FROM shipments ${where.sql} ${order} LIMIT ? OFFSET ?`;
        params = [...where.params, filter.limit, offset];
      }
      const sql = `SELECT ${LIST_COLUMNS} FROM shipments WHERE id IN (${ids}) ${order}`;
      let stmt = listStatements.get(sql);
      if (!stmt) listStatements.set(sql, (stmt = db.prepare(sql)));
      return stmt.all(...params);
    },
    /** Exact totals: whole days from shipment_day_totals, partial boundary days counted. */
    totals(filter: ListFilter): { items: number; pieces: number } {
      const { first, end } = wholeDays(filter.from, filter.to);
      if (first !== null && end !== null && first >= end) return exactTotals(filter.statuses, filter.from, filter.to);
      const sum = dayTotals(filter.statuses, first, end);
      const parts: { items: number; pieces: number }[] = [sum];
      if (filter.from !== null && first !== null) parts.push(exactTotals(filter.statuses, filter.from, first * DAY_MS - 1));
      if (filter.to !== null && end !== null) parts.push(exactTotals(filter.statuses, end * DAY_MS, filter.to));
      return parts.reduce((a, b) => ({ items: a.items + b.items, pieces: a.pieces + b.pieces }), { items: 0, pieces: 0 });
    },
  };
}
