/**
 * The list and its exact totals at a million shipments, in SQL both dialects run (with `?`
 * placeholders; PostgreSQL's store numbers them). Deep pages skip whole days by the per-day
 * aggregate `shipment_day_totals`, and a page's rows are read by a deferred join: the
 * OFFSET skip walks a covering index, then only the page's rows are read by id.
 */
import { prefixEnd, type ListSearch } from '../../core/search';
import type { ListFilter } from '../../core/storage';

const DAY_MS = 86_400_000;
/** Below this offset a plain index skip is already cheap; above it whole days are skipped first. */
const SKIP_DAYS_FROM_OFFSET = 5_000;

export type Params = (string | number)[];
/** Runs one statement; the same SQL text is asked for again and again, so it may be prepared once. */
export type Query = <R>(sql: string, params: Params) => Promise<R[]>;

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

/**
 * What a search finds (CONTRACT §12) as rows (shipment_id, created_on, piece_count): a union
 * of index lookups, one per kind of match, in `shipment_search_terms` (which keeps each
 * shipment's created_on and piece_count beside its terms) or a unique column. A prefix is a
 * range of the index, from the prefix up to prefixEnd(prefix).
 */
export function searchHits(search: ListSearch): { sql: string; params: Params } {
  const arms: string[] = [];
  const params: Params = [];
  if (search.shipmentNumber !== null) {
    arms.push('SELECT id AS shipment_id, created_on, piece_count FROM shipments WHERE shipment_number = ?');
    params.push(search.shipmentNumber);
  }
  if (search.trackingNumber !== null) {
    arms.push(`SELECT s.id AS shipment_id, s.created_on, s.piece_count FROM pieces p JOIN shipments s ON s.id = p.shipment_id
      WHERE p.tracking_number = ?`);
    params.push(search.trackingNumber);
  }
  const terms = 'SELECT shipment_id, created_on, piece_count FROM shipment_search_terms';
  if (search.exactTerms.length > 0) {
    arms.push(`${terms} WHERE term IN (${search.exactTerms.map(() => '?').join(', ')})`);
    params.push(...search.exactTerms);
  }
  for (const prefix of search.prefixTerms) {
    arms.push(`${terms} WHERE term >= ? AND term < ?`);
    params.push(prefix, prefixEnd(prefix));
  }
  return { sql: arms.join(' UNION '), params };
}

/** The whole UTC days inside [from, to]: first day, and the day after the last (null = unbounded). */
function wholeDays(from: number | null, to: number | null): { first: number | null; end: number | null } {
  return {
    first: from === null ? null : Math.ceil(from / DAY_MS),
    end: to === null ? null : Math.floor((to + 1) / DAY_MS),
  };
}

interface Totals {
  items: number;
  pieces: number;
}

/** `columns`: the list item's columns, as the dialect names them. */
export function listQueries<Row>(query: Query, columns: string) {
  const one = async (sql: string, params: Params): Promise<Totals> => (await query<Totals>(sql, params))[0]!;
  const dayWhere = (statuses: string[], first: number | null, end: number | null) =>
    whereClause(statuses, first, end, { column: 'day', below: '<' });
  const exactTotals = (statuses: string[], from: number | null, to: number | null): Promise<Totals> => {
    if (from !== null && to !== null && from > to) return Promise.resolve({ items: 0, pieces: 0 });
    const where = whereClause(statuses, from, to);
    return one(`SELECT count(*) AS items, coalesce(sum(piece_count), 0) AS pieces FROM shipments ${where.sql}`, where.params);
  };
  const dayTotals = (statuses: string[], first: number | null, end: number | null): Promise<Totals> => {
    const where = dayWhere(statuses, first, end);
    return one(`SELECT coalesce(sum(items), 0) AS items, coalesce(sum(pieces), 0) AS pieces FROM shipment_day_totals ${where.sql}`, where.params);
  };
  /**
   * A deep page (e.g. offset 199,900) skips whole days by their aggregate counts, narrowing
   * the date range, so the index skip that remains is at most about a day of rows.
   */
  const skipWholeDays = async (f: ListFilter): Promise<{ from: number | null; to: number | null; offset: number }> => {
    let { from, to, offset } = f;
    if (offset < SKIP_DAYS_FROM_OFFSET) return { from, to, offset };
    const { first, end } = wholeDays(from, to);
    if (first !== null && end !== null && first >= end) return { from, to, offset };
    // The partial day at the start of the order, counted exactly, must be skipped first.
    if (f.newestFirst && to !== null && end !== null) {
      const head = (await exactTotals(f.statuses, end * DAY_MS, to)).items;
      if (head > offset) return { from, to, offset };
      offset -= head;
      to = end * DAY_MS - 1;
    } else if (!f.newestFirst && from !== null && first !== null) {
      const head = (await exactTotals(f.statuses, from, first * DAY_MS - 1)).items;
      if (head > offset) return { from, to, offset };
      offset -= head;
      from = first * DAY_MS;
    }
    const where = dayWhere(f.statuses, first, end);
    const days = await query<{ day: number; items: number }>(
      `SELECT day, sum(items) AS items FROM shipment_day_totals ${where.sql}
       GROUP BY day ORDER BY day ${f.newestFirst ? 'DESC' : 'ASC'}`,
      where.params,
    );
    for (const { day, items } of days) {
      if (items > offset) break;
      offset -= items;
      if (f.newestFirst) to = day * DAY_MS - 1;
      else from = (day + 1) * DAY_MS;
    }
    return { from, to, offset };
  };

  const rows = async (filter: ListFilter): Promise<Row[]> => {
      const { from, to, offset } = await skipWholeDays(filter);
      const where = whereClause(filter.statuses, from, to);
      const dir = filter.newestFirst ? 'DESC' : 'ASC';
      const order = `ORDER BY created_on ${dir}, id ${dir}`;
      let ids: string;
      let params: Params;
      if (filter.statuses.length > 1) {
        // Several statuses: merge one index-ordered, limited scan per status rather than sort
        // every matching row (a status IN list cannot use the (status, created_on) order).
        const arms = filter.statuses.map((status, i) => {
          const arm = whereClause([status], from, to);
          return { sql: `SELECT * FROM (SELECT id, created_on FROM shipments ${arm.sql} ${order} LIMIT ?) AS arm${i}`, params: arm.params };
        });
        ids = `SELECT id FROM (${arms.map((a) => a.sql).join(' UNION ALL ')}) AS arms ${order} LIMIT ? OFFSET ?`;
        params = [...arms.flatMap((a) => [...a.params, offset + filter.limit]), filter.limit, offset];
      } else {
        ids = `SELECT id FROM shipments ${where.sql} ${order} LIMIT ? OFFSET ?`;
        params = [...where.params, filter.limit, offset];
      }
      return query<Row>(`SELECT ${columns} FROM shipments WHERE id IN (${ids}) ${order}`, params);
  };
  /** Exact totals: whole days from shipment_day_totals, partial boundary days counted. */
  const totals = async (filter: ListFilter): Promise<Totals> => {
      const { first, end } = wholeDays(filter.from, filter.to);
      if (first !== null && end !== null && first >= end) return exactTotals(filter.statuses, filter.from, filter.to);
      // One after the other: PostgreSQL's page runs them on one connection.
      const parts = [await dayTotals(filter.statuses, first, end)];
      if (filter.from !== null && first !== null) parts.push(await exactTotals(filter.statuses, filter.from, first * DAY_MS - 1));
      if (filter.to !== null && end !== null) parts.push(await exactTotals(filter.statuses, end * DAY_MS, filter.to));
      return parts.reduce((a, b) => ({ items: a.items + b.items, pieces: a.pieces + b.pieces }), { items: 0, pieces: 0 });
  };
  /**
   * A search's hits are counted and ordered from the search index alone; only a status
   * filter (a status changes, so it is not kept there) reads each hit's shipment row.
   */
  const searchPage = async (filter: ListFilter, search: ListSearch): Promise<{ totals: Totals; rows: Row[] }> => {
    const hits = searchHits(search);
    const parts: string[] = [];
    const params: Params = [...hits.params];
    if (filter.statuses.length > 0) {
      parts.push(`shipment_id IN (SELECT id FROM shipments WHERE id IN (SELECT shipment_id FROM hits) AND status IN (${filter.statuses.map(() => '?').join(', ')}))`);
      params.push(...filter.statuses);
    }
    if (filter.from !== null) {
      parts.push('created_on >= ?');
      params.push(filter.from);
    }
    if (filter.to !== null) {
      parts.push('created_on <= ?');
      params.push(filter.to);
    }
    const found = `WITH hits AS (${hits.sql}) SELECT %s FROM hits ${parts.length ? `WHERE ${parts.join(' AND ')}` : ''}`;
    const counted = await one(found.replace('%s', 'count(*) AS items, coalesce(sum(piece_count), 0) AS pieces'), params);
    if (filter.offset > 0 && filter.offset >= counted.items) return { totals: counted, rows: [] };
    const dir = filter.newestFirst ? 'DESC' : 'ASC';
    const page = `${found.replace('%s', 'shipment_id')} ORDER BY created_on ${dir}, shipment_id ${dir} LIMIT ? OFFSET ?`;
    const rows = await query<Row>(
      `SELECT ${columns} FROM shipments WHERE id IN (SELECT shipment_id FROM (${page}) AS found) ORDER BY created_on ${dir}, id ${dir}`,
      [...params, filter.limit, filter.offset],
    );
    return { totals: counted, rows };
  };
  return {
    /** One query at a time (PostgreSQL's store runs them on one connection, in one snapshot). */
    async page(filter: ListFilter): Promise<{ totals: Totals; rows: Row[] }> {
      if (filter.search) return searchPage(filter, filter.search);
      const counted = await totals(filter);
      // Page 1 always reads the rows (one index probe); deeper pages past the end are skipped.
      return { totals: counted, rows: filter.offset > 0 && filter.offset >= counted.items ? [] : await rows(filter) };
    },
  };
}
