/**
 * The list and its exact totals at a million shipments, in SQL both dialects run (with `?`
 * placeholders; PostgreSQL's store numbers them). Deep pages skip whole days by the per-day
 * aggregate `shipment_day_totals`, and a page's rows are read by a deferred join: the
 * OFFSET skip walks a covering index, then only the page's rows are read by id.
 */
import { CORRECTION, prefixEnd, type ListSearch } from '../../core/search';
import type { ShipmentStatus } from '../../core/schemas';
import type { ListFilter } from '../../core/storage';
import { statusCode } from './status-codes';

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

/** One kind of match of a search, as rows (shipment_id, created_on, piece_count). */
interface Arm {
  kind: 'number' | 'tracking' | 'exact' | 'prefix' | 'all';
  sql: string;
  params: Params;
  /** A prefix range of the search terms: counted fast, and probed by its distinct terms. */
  prefix?: string;
  /** The prefixes a shipment must match all of (three words or more). */
  all?: string[];
  /** Each row a different shipment (a unique column, or one term of the key): its count is exact as it is. */
  distinct?: boolean;
  /** The number, tracking number or exact term looked for (its probe's parameter). */
  key?: string;
  /** At most this many hits: the size of the word pair range that drives it (everyWord). */
  bound?: number;
  /** The word pair whose range drives a name of three words, and the terms of each other pair (everyWord). */
  driver?: { prefix: string; others: string[][] };
}

/** The arms' hits, each shipment once (one arm may hold a shipment's several terms). */
const union = (arms: Arm[]) =>
  arms.length === 1
    ? `SELECT DISTINCT shipment_id, created_on, piece_count FROM (${arms[0]!.sql}) AS arm`
    : arms.map((a) => a.sql).join(' UNION ');

const TERMS = 'SELECT shipment_id, created_on, piece_count FROM shipment_search_terms';
/**
 * A status filter as SQL for the terms (their status code: a column of the index, no row read)
 * and for the shipments (a number's one row), with its parameters; empty without one.
 */
interface StatusFilter {
  terms: string;
  shipments: string;
  codes: Params;
  statuses: Params;
}
function statusFilter(statuses: ShipmentStatus[]): StatusFilter {
  if (statuses.length === 0) return { terms: '', shipments: '', codes: [], statuses: [] };
  const marks = statuses.map(() => '?').join(', ');
  return {
    terms: ` AND status_code IN (${marks})`,
    shipments: ` AND s.status IN (${marks})`,
    codes: statuses.map(statusCode),
    statuses,
  };
}
const inRange = (prefix: string, status: StatusFilter): { sql: string; params: Params } => ({
  sql: `${TERMS} WHERE term >= ? AND term < ?${status.terms}`,
  params: [prefix, prefixEnd(prefix), ...status.codes],
});

/**
 * What a search finds (docs/contract.md §12): one arm per kind of match, each index lookups in
 * `shipment_search_terms` (which keeps each shipment's created_on and piece_count beside
 * its terms) or a unique column. A prefix is a range of the index, from the prefix up to
 * prefixEnd(prefix).
 */
function searchArms(search: ListSearch, status: StatusFilter): Arm[] {
  const arms: Arm[] = [];
  if (search.shipmentNumber !== null) {
    arms.push({
      kind: 'number',
      sql: `SELECT s.id AS shipment_id, s.created_on, s.piece_count FROM shipments s WHERE s.shipment_number = ?${status.shipments}`,
      params: [search.shipmentNumber, ...status.statuses],
      distinct: true,
      key: search.shipmentNumber,
    });
  }
  if (search.trackingNumber !== null) {
    arms.push({
      kind: 'tracking',
      sql: `SELECT s.id AS shipment_id, s.created_on, s.piece_count FROM pieces p JOIN shipments s ON s.id = p.shipment_id
        WHERE p.tracking_number = ?${status.shipments}`,
      params: [search.trackingNumber, ...status.statuses],
      distinct: true,
      key: search.trackingNumber,
    });
  }
  // One arm a term: an email that is the only one to find anything is counted exactly as it is.
  for (const term of search.exactTerms)
    arms.push({
      kind: 'exact',
      sql: `${TERMS} WHERE term = ?${status.terms}`,
      params: [term, ...status.codes],
      distinct: true,
      key: term,
    });
  for (const prefix of search.prefixTerms) arms.push({ kind: 'prefix', ...inRange(prefix, status), prefix });
  if (search.allPrefixes.length > 0) {
    const ranges = search.allPrefixes.map((p) => inRange(p, status));
    arms.push({
      kind: 'all',
      sql: `SELECT * FROM (${ranges.map((r) => r.sql).join(' INTERSECT ')}) AS every_word`,
      params: ranges.flatMap((r) => r.params),
      all: search.allPrefixes,
      // INTERSECT keeps each row once, as everyWord() does.
      distinct: true,
    });
  }
  return arms;
}

/** How far a word pair's range is counted to find the rarest: enough to tell a rare pair from a common one. */
const EVERY_WORD_COUNT_LIMIT = 10_000;
/**
 * How far each pair is counted first: a full name's rarest pair (a first name with its surname)
 * is seldom more, and its other pairs ("de vries") are then read this far, not to the limit.
 */
const EVERY_WORD_FIRST_COUNT = 2_000;
/** At most this many distinct terms in a prefix range are probed one by one; more, and the hits are sorted instead. */
const PROBE_TERMS = 32;
/**
 * A page of a search is read by walking the shipments in the list's order and probing each
 * for a match when that takes at most about this many probes (a common word: a surname on
 * 4 % of a million shipments fills a page in about 1,250), and by sorting every hit otherwise.
 */
const WALK_PROBES = 4_000;
/** The most shipments a walk reads before it gives up for sorting. */
const WALK_LIMIT = 2 * WALK_PROBES;
/** Fewer hits than this are sorted whatever their density: it is cheap, and the same for every page. */
const WALK_FROM_HITS = 100;
/** With terms in the list's order, a page is merged from them when the hits are this many times its end (offset + limit). */
const MERGE_FROM_HITS = 4;

/** The distinct terms in a prefix range, one index seek each, up to `limit`. */
const DISTINCT_TERMS = `WITH RECURSIVE d(term) AS (
    SELECT (SELECT min(term) FROM shipment_search_terms WHERE term >= ? AND term < ?)
    UNION ALL
    SELECT (SELECT min(term) FROM shipment_search_terms WHERE term > d.term AND term < ?) FROM d WHERE d.term IS NOT NULL)
  SELECT term FROM d WHERE term IS NOT NULL LIMIT ?`;

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

/**
 * `columns`: the list item's columns, as the dialect names them; `readRows`: how the
 * statements that read them are run, when the dialect reads rows its own way;
 * `termsInListOrder`: the search terms are keyed (term, created_on, shipment_id), not
 * (term, shipment_id).
 */
export function listQueries<Row>(query: Query, columns: string, readRows: Query = query, termsInListOrder = false) {
  const one = async (sql: string, params: Params): Promise<Totals> => (await query<Totals>(sql, params))[0]!;
  const dayWhere = (statuses: string[], first: number | null, end: number | null) =>
    whereClause(statuses, first, end, { column: 'day', below: '<' });
  const exactTotals = (statuses: string[], from: number | null, to: number | null): Promise<Totals> => {
    if (from !== null && to !== null && from > to) return Promise.resolve({ items: 0, pieces: 0 });
    const where = whereClause(statuses, from, to);
    return one(
      `SELECT count(*) AS items, coalesce(sum(piece_count), 0) AS pieces FROM shipments ${where.sql}`,
      where.params,
    );
  };
  const dayTotals = (statuses: string[], first: number | null, end: number | null): Promise<Totals> => {
    const where = dayWhere(statuses, first, end);
    return one(
      `SELECT coalesce(sum(items), 0) AS items, coalesce(sum(pieces), 0) AS pieces FROM shipment_day_totals ${where.sql}`,
      where.params,
    );
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
        return {
          sql: `SELECT * FROM (SELECT id, created_on FROM shipments ${arm.sql} ${order} LIMIT ?) AS arm${i}`,
          params: arm.params,
        };
      });
      ids = `SELECT id FROM (${arms.map((a) => a.sql).join(' UNION ALL ')}) AS arms ${order} LIMIT ? OFFSET ?`;
      params = [...arms.flatMap((a) => [...a.params, offset + filter.limit]), filter.limit, offset];
    } else {
      ids = `SELECT id FROM shipments ${where.sql} ${order} LIMIT ? OFFSET ?`;
      params = [...where.params, filter.limit, offset];
    }
    return readRows<Row>(`SELECT ${columns} FROM shipments WHERE id IN (${ids}) ${order}`, params);
  };
  /** Exact totals: whole days from shipment_day_totals, partial boundary days counted. */
  const totals = async (filter: ListFilter): Promise<Totals> => {
    const { first, end } = wholeDays(filter.from, filter.to);
    if (first !== null && end !== null && first >= end) return exactTotals(filter.statuses, filter.from, filter.to);
    // One after the other: PostgreSQL's page runs them on one connection.
    const parts = [await dayTotals(filter.statuses, first, end)];
    if (filter.from !== null && first !== null)
      parts.push(await exactTotals(filter.statuses, filter.from, first * DAY_MS - 1));
    if (filter.to !== null && end !== null) parts.push(await exactTotals(filter.statuses, end * DAY_MS, filter.to));
    return parts.reduce((a, b) => ({ items: a.items + b.items, pieces: a.pieces + b.pieces }), { items: 0, pieces: 0 });
  };
  /**
   * A search's hits are counted from the search index alone, without a shipment row per hit,
   * when one arm finds anything: that arm's terms minus its corrections (core/search.ts), or
   * its rows when each is a different shipment. A status filter is the terms' status code,
   * the same on every term of a shipment, corrections included. Otherwise the union of the
   * arms' hits is counted.
   */
  const searchTotals = async (
    arms: Arm[],
    status: StatusFilter,
    dated: { sql: string; params: Params },
    /** Asked only whether it finds anything; when it alone does, its totals are left to its page (null). */
    later?: Arm,
  ): Promise<{ totals: Totals | null; found: Arm[]; newest: number }> => {
    // Every arm's rows, each prefix arm's corrections, and the newest id, in one statement:
    // on PostgreSQL each statement is a round trip.
    const ranges = [
      ...arms,
      ...arms.filter((a) => a.prefix !== undefined).map((a) => inRange(CORRECTION + a.prefix!, status)),
    ];
    const counts = await query<{ arm: number; items: number; pieces: number }>(
      [
        ...ranges.map((r, i) =>
          r === later
            ? // Without DISTINCT, which would read every hit before the first: the first hit is enough.
              `SELECT ${i} AS arm, count(*) AS items, 0 AS pieces FROM (SELECT 1 FROM (${r.sql.replace(/^SELECT DISTINCT /, 'SELECT ')}) AS hits ${dated.sql} LIMIT 1) AS one`
            : `SELECT ${i} AS arm, count(*) AS items, coalesce(sum(piece_count), 0) AS pieces FROM (${r.sql}) AS hits ${dated.sql}`,
        ),
        'SELECT -1 AS arm, coalesce(max(id), 0) AS items, 0 AS pieces FROM shipments',
      ].join(' UNION ALL '),
      ranges.flatMap((r) => [...r.params, ...dated.params]),
    );
    const of = (i: number): Totals => {
      const row = counts.find((c) => Number(c.arm) === i)!;
      return { items: Number(row.items), pieces: Number(row.pieces) };
    };
    const newest = of(-1).items;
    const found = arms.filter((_, i) => of(i).items > 0);
    if (found.length === 0) return { totals: { items: 0, pieces: 0 }, found, newest };
    const only = found.length === 1 ? found[0]! : undefined;
    if (only !== undefined && only === later) return { totals: null, found, newest };
    if (only?.prefix !== undefined) {
      const raw = of(arms.indexOf(only));
      const extra = of(arms.length + arms.filter((a) => a.prefix !== undefined).indexOf(only));
      return { totals: { items: raw.items - extra.items, pieces: raw.pieces - extra.pieces }, found, newest };
    }
    // A number, or one post code: counted already, without another statement (a round trip on PostgreSQL).
    if (only?.distinct === true) return { totals: of(arms.indexOf(only)), found, newest };
    const where = [...(dated.sql ? [dated.sql.replace(/^WHERE /, '')] : [])];
    const params: Params = [...found.flatMap((a) => a.params), ...dated.params];
    const totals = await one(
      `SELECT count(*) AS items, coalesce(sum(piece_count), 0) AS pieces FROM (${union(found)}) AS hits
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      params,
    );
    return { totals, found, newest };
  };

  /** The distinct terms of a prefix range, or undefined when there are more than PROBE_TERMS. */
  const distinctTerms = async (prefix: string): Promise<string[] | undefined> => {
    const terms = (
      await query<{ term: string }>(DISTINCT_TERMS, [prefix, prefixEnd(prefix), prefixEnd(prefix), PROBE_TERMS + 1])
    ).map((r) => r.term);
    return terms.length > PROBE_TERMS ? undefined : terms;
  };
  /**
   * The shipment of alias `of` holds one of `terms`: primary key lookups, whether the key is
   * (term, shipment_id) or (term, created_on, shipment_id).
   */
  const holdsOneOf = (terms: string[], of: string, id = 'shipment_id') =>
    terms.length === 0
      ? '1 = 0'
      : `EXISTS (SELECT 1 FROM shipment_search_terms t WHERE t.term IN (${terms.map(() => '?').join(', ')})
          AND t.created_on = ${of}.created_on AND t.shipment_id = ${of}.${id} LIMIT 1 OFFSET 0)`;

  /**
   * Three words or more: the rarest word pair's range, each hit probed for the others by
   * their terms, instead of an INTERSECT that reads every range whole ("de vries" is on 4 %
   * of shipments, "lucas vries" on 0.1 %). The INTERSECT stays when a range holds too many terms.
   */
  const everyWord = async (arm: Arm, status: StatusFilter): Promise<Arm> => {
    const all = arm.all!;
    const count = async (limit: number) => {
      const sizes = await query<{ i: number; n: number }>(
        all
          .map(
            (_, i) =>
              `SELECT ${i} AS i, count(*) AS n FROM (SELECT 1 FROM shipment_search_terms WHERE term >= ? AND term < ? LIMIT ${limit}) AS r${i}`,
          )
          .join(' UNION ALL '),
        all.flatMap((p) => [p, prefixEnd(p)]),
      );
      return sizes.reduce((a, b) => (Number(b.n) < Number(a.n) ? b : a));
    };
    let rarest = await count(EVERY_WORD_FIRST_COUNT);
    if (Number(rarest.n) >= EVERY_WORD_FIRST_COUNT) rarest = await count(EVERY_WORD_COUNT_LIMIT);
    const driver = all[Number(rarest.i)]!;
    const others: string[][] = [];
    for (const prefix of all.filter((_, i) => i !== Number(rarest.i))) {
      const terms = await distinctTerms(prefix);
      if (terms === undefined) return arm;
      others.push(terms);
    }
    const n = Number(rarest.n);
    return {
      ...arm,
      ...(n < EVERY_WORD_COUNT_LIMIT ? { bound: n } : {}),
      sql: `SELECT DISTINCT d.shipment_id, d.created_on, d.piece_count FROM shipment_search_terms d
        WHERE d.term >= ? AND d.term < ?${status.terms}${others.map((terms) => ` AND ${holdsOneOf(terms, 'd')}`).join('')}`,
      params: [driver, prefixEnd(driver), ...status.codes, ...others.flat()],
      driver: { prefix: driver, others },
    };
  };

  /**
   * How a shipment `s` is probed for an arm, or undefined when the arm's range holds too
   * many distinct terms: by its number, its pieces, or its terms (primary key lookups).
   */
  const probe = async (arm: Arm): Promise<{ sql: string; params: Params } | undefined> => {
    const byTerms = async (prefix: string) => {
      const terms = await distinctTerms(prefix);
      return terms && { sql: holdsOneOf(terms, 's', 'id'), params: terms };
    };
    if (arm.prefix !== undefined) return byTerms(arm.prefix);
    if (arm.all !== undefined) {
      const each = [];
      for (const prefix of arm.all) each.push(await byTerms(prefix));
      if (each.some((p) => p === undefined)) return undefined;
      return { sql: `(${each.map((p) => p!.sql).join(' AND ')})`, params: each.flatMap((p) => p!.params) };
    }
    // The walked shipments are in the filter's statuses already: a probe asks only for the match.
    if (arm.kind === 'number')
      return { sql: 's.id IN (SELECT id FROM shipments WHERE shipment_number = ?)', params: [arm.key!] };
    if (arm.kind === 'tracking')
      return { sql: 's.id IN (SELECT shipment_id FROM pieces WHERE tracking_number = ?)', params: [arm.key!] };
    return {
      sql: `EXISTS (SELECT 1 FROM shipment_search_terms t WHERE t.term = ? AND t.created_on = s.created_on
        AND t.shipment_id = s.id LIMIT 1 OFFSET 0)`,
      params: [arm.key!],
    };
  };

  /**
   * A page's shipment ids when the terms are keyed (term, created_on, shipment_id): one term's
   * hits are one range of the key in the list's order, so each term's first offset + limit
   * hits are read in order (a name's other pairs probed as they are read) and merged, and the
   * read stops at the page's end instead of walking the shipments or sorting every hit.
   * Undefined when the ranges hold too many distinct terms.
   */
  const mergedPage = async (
    found: Arm[],
    status: StatusFilter,
    dated: { sql: string; params: Params },
    dir: 'ASC' | 'DESC',
    filter: ListFilter,
  ): Promise<{ sql: string; params: Params } | undefined> => {
    const datedAnd = dated.sql.replace(/^WHERE /, ' AND ');
    const each: { sql: string; params: Params }[] = [];
    for (const arm of found) {
      if (arm.kind === 'number' || arm.kind === 'tracking') {
        // One shipment at most.
        each.push({
          sql: `SELECT shipment_id, created_on FROM (${arm.sql}) AS a ${dated.sql}`,
          params: [...arm.params, ...dated.params],
        });
        continue;
      }
      const driver = arm.kind === 'exact' ? arm.key! : (arm.prefix ?? arm.driver?.prefix);
      if (driver === undefined) return undefined;
      const terms = arm.kind === 'exact' ? [driver] : await distinctTerms(driver);
      if (terms === undefined) return undefined;
      const others = arm.driver?.others ?? [];
      for (const term of terms)
        each.push({
          sql: `SELECT d.shipment_id, d.created_on FROM shipment_search_terms d
            WHERE d.term = ?${status.terms}${datedAnd}${others.map((o) => ` AND ${holdsOneOf(o, 'd')}`).join('')}
            ORDER BY d.created_on ${dir}, d.shipment_id ${dir}`,
          params: [term, ...status.codes, ...dated.params, ...others.flat()],
        });
    }
    if (each.length > PROBE_TERMS) return undefined;
    const order = `ORDER BY created_on ${dir}, shipment_id ${dir} LIMIT ? OFFSET ?`;
    // One term's range is the page's order already; several are merged, each shipment once.
    if (each.length === 1)
      return { sql: `${each[0]!.sql} LIMIT ? OFFSET ?`, params: [...each[0]!.params, filter.limit, filter.offset] };
    return {
      sql: `SELECT shipment_id FROM (${each.map((e, k) => `SELECT * FROM (${e.sql} LIMIT ?) AS m${k}`).join(' UNION ')}) AS hits ${order}`,
      params: [...each.flatMap((e) => [...e.params, filter.offset + filter.limit]), filter.limit, filter.offset],
    };
  };

  /**
   * A page of a search: when the hits are dense (a common word), the shipments are walked in
   * the list's order and each probed, which stops at the page's end; otherwise every hit is
   * sorted. Both read only the page's shipment rows whole.
   */
  const searchPage = async (filter: ListFilter, search: ListSearch): Promise<{ totals: Totals; rows: Row[] }> => {
    const dated = whereClause([], filter.from, filter.to);
    const status = statusFilter(filter.statuses);
    const arms: Arm[] = [];
    for (const arm of searchArms(search, status)) arms.push(arm.all === undefined ? arm : await everyWord(arm, status));
    const dir = filter.newestFirst ? 'DESC' : 'ASC';
    const order = `ORDER BY created_on ${dir}, id ${dir}`;
    const page = filter.offset + filter.limit;
    // A name of three words or more, whose rarest pair bounds its hits: when those hits alone
    // are found and are too sparse to walk for, they are probed once, counted and paged in one
    // statement, instead of once to count and again to page.
    const bounded = arms.find((a) => a.bound !== undefined);
    const counted = await searchTotals(arms, status, dated, bounded);
    const { found, newest } = counted;
    let totals = counted.totals;
    if (totals === null) {
      const sparse = bounded!.bound! < WALK_FROM_HITS || (page * newest) / bounded!.bound! > WALK_PROBES;
      // With terms in the list's order, the one statement that probes each hit once holds the
      // count as well as the page.
      if (sparse || filter.statuses.length > 1 || termsInListOrder) {
        const parts = dated.sql ? [dated.sql.replace(/^WHERE /, '')] : [];
        const ids = await query<{ shipment_id: number; items: number; pieces: number }>(
          `WITH hits AS (${union(found)})
           SELECT shipment_id, count(*) OVER () AS items, coalesce(sum(piece_count) OVER (), 0) AS pieces FROM hits
           ${parts.length ? `WHERE ${parts.join(' AND ')}` : ''}
           ORDER BY created_on ${dir}, shipment_id ${dir} LIMIT ? OFFSET ?`,
          [...found.flatMap((a) => a.params), ...dated.params, filter.limit, filter.offset],
        );
        if (ids.length > 0) {
          const first = ids[0]!;
          const rows = await readRows<Row>(
            `SELECT ${columns} FROM shipments WHERE id IN (${ids.map(() => '?').join(', ')}) ${order}`,
            ids.map((r) => Number(r.shipment_id)),
          );
          return { totals: { items: Number(first.items), pieces: Number(first.pieces) }, rows };
        }
      }
      // A page past the end, or hits that may be dense enough to walk for: counted first.
      totals = (await searchTotals(found, status, dated)).totals!;
    }
    if (totals.items === 0 || filter.offset >= totals.items) return { totals, rows: [] };
    // A few hits are sorted in one statement; the merge costs a statement for each range's terms.
    if (termsInListOrder && totals.items >= MERGE_FROM_HITS * page) {
      const ids = await mergedPage(found, status, dated, dir, filter);
      if (ids !== undefined) {
        const rows = await readRows<Row>(
          `SELECT ${columns} FROM shipments WHERE id IN (SELECT shipment_id FROM (${ids.sql}) AS found) ${order}`,
          ids.params,
        );
        return { totals, rows };
      }
    }
    // Several statuses have no one index in the list's order to walk.
    if (totals.items >= WALK_FROM_HITS && filter.statuses.length <= 1) {
      // Every shipment ever made bounds those in the filter's window: the estimate errs towards sorting.
      const probes = (page * newest) / totals.items;
      if (probes <= WALK_PROBES) {
        const probed = [];
        for (const arm of found) probed.push(await probe(arm));
        if (probed.every((p) => p !== undefined)) {
          // The estimate takes the hits as spread evenly; when they are not (a customer of
          // last year), the walk stops at the WALK_LIMIT-th shipment and the hits are sorted.
          // The limit is on the walked rows themselves: no statement of its own to find where it falls.
          const within = whereClause(filter.statuses, filter.from, filter.to);
          const walked = `SELECT id, created_on FROM shipments ${within.sql} ${order} LIMIT ?`;
          const any = probed.map((p) => p.sql).join(' OR ');
          const ids = `SELECT id FROM (${walked}) AS s WHERE ${any} ${order} LIMIT ? OFFSET ?`;
          const rows = await readRows<Row>(`SELECT ${columns} FROM shipments WHERE id IN (${ids}) ${order}`, [
            ...within.params,
            WALK_LIMIT,
            ...probed.flatMap((p) => p.params),
            filter.limit,
            filter.offset,
          ]);
          if (rows.length === Math.min(filter.limit, totals.items - filter.offset)) return { totals, rows };
        }
      }
    }
    const parts = dated.sql ? [dated.sql.replace(/^WHERE /, '')] : [];
    const params: Params = [...found.flatMap((a) => a.params), ...dated.params];
    const hits = `WITH hits AS (${union(found)})
      SELECT shipment_id FROM hits ${parts.length ? `WHERE ${parts.join(' AND ')}` : ''}
      ORDER BY created_on ${dir}, shipment_id ${dir} LIMIT ? OFFSET ?`;
    const rows = await readRows<Row>(
      `SELECT ${columns} FROM shipments WHERE id IN (SELECT shipment_id FROM (${hits}) AS found) ${order}`,
      [...params, filter.limit, filter.offset],
    );
    return { totals, rows };
  };
  /**
   * Returns only (docs/contract.md §23): few among all shipments, read by their partial index
   * and counted exactly; a search narrows them to its hits.
   */
  const returnsPage = async (filter: ListFilter): Promise<{ totals: Totals; rows: Row[] }> => {
    const within = whereClause(filter.statuses, filter.from, filter.to);
    const parts = ['return_of IS NOT NULL', ...(within.sql ? [within.sql.replace(/^WHERE /, '')] : [])];
    const params: Params = [...within.params];
    if (filter.search) {
      const arms = searchArms(filter.search, statusFilter([]));
      if (arms.length === 0) return { totals: { items: 0, pieces: 0 }, rows: [] };
      parts.push(`id IN (SELECT shipment_id FROM (${union(arms)}) AS hits)`);
      params.push(...arms.flatMap((a) => a.params));
    }
    const where = `WHERE ${parts.join(' AND ')}`;
    const dir = filter.newestFirst ? 'DESC' : 'ASC';
    const totals = await one(
      `SELECT count(*) AS items, coalesce(sum(piece_count), 0) AS pieces FROM shipments ${where}`,
      params,
    );
    const rows =
      filter.offset >= Number(totals.items)
        ? []
        : await readRows<Row>(
            `SELECT ${columns} FROM shipments ${where} ORDER BY created_on ${dir}, id ${dir} LIMIT ? OFFSET ?`,
            [...params, filter.limit, filter.offset],
          );
    return { totals, rows };
  };
  return {
    /** One query at a time (PostgreSQL's store runs them on one connection, in one snapshot). */
    async page(filter: ListFilter): Promise<{ totals: Totals; rows: Row[] }> {
      if (filter.returnsOnly) return returnsPage(filter);
      if (filter.search) return searchPage(filter, filter.search);
      const counted = await totals(filter);
      // Page 1 always reads the rows (one index probe); deeper pages past the end are skipped.
      return { totals: counted, rows: filter.offset > 0 && filter.offset >= counted.items ? [] : await rows(filter) };
    },
  };
}
