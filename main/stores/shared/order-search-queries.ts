/**
 * Finding orders (docs/contract.md §12, §18) at a warehouse's size, in SQL both dialects run:
 * counted and paged from `order_search_terms` alone, which keeps each order's created_on and
 * status beside its terms, keyed (term, created_on, order_id). One term's orders are one
 * range of that key already in the list's order, so a page of a common word or SKU merges a
 * few ordered ranges and stops at the page's end instead of sorting every hit, and its count
 * is one index range. Only the page's orders are read whole.
 */
import { prefixEnd } from '../../core/search';
import type { OrderFilter } from '../../core/storage';
import type { Params, Query } from './list-queries';
import type { Dialect } from './sql';

type OrderSearch = NonNullable<OrderFilter['search']>;

/** The most distinct terms a page is merged from in the list's order; with more, the hits are sorted. */
const MERGE_TERMS = 32;
/** How far each word pair of a longer name is counted to find the rarest: enough to tell rare from common. */
const EVERY_WORD_COUNT_LIMIT = 10_000;

/** The distinct terms in a range, one index seek each, up to `limit`. */
const DISTINCT_TERMS = `WITH RECURSIVE d(term) AS (
    SELECT (SELECT min(term) FROM order_search_terms WHERE term >= ? AND term < ?)
    UNION ALL
    SELECT (SELECT min(term) FROM order_search_terms WHERE term > d.term AND term < ?) FROM d WHERE d.term IS NOT NULL)
  SELECT term FROM d WHERE term IS NOT NULL LIMIT ?`;

const LIST_ORDER = 'ORDER BY created_on DESC, order_id DESC';

/**
 * One way a search finds orders: a term (`to` null) or a range of terms [from, to); for a name
 * of three words or more, the rarest word pair's range, each hit holding a term of each of `also`.
 */
interface Arm {
  from: string;
  to: string | null;
  also: string[];
}
const range = (prefix: string): Arm => ({ from: prefix, to: prefixEnd(prefix), also: [] });

/**
 * An arm's hits (order_id, created_on, and each hit's term when `withTerm`) among the terms `d`,
 * in `statuses`, limited to `terms` when given.
 */
function hits(arm: Arm, statuses: string[], terms?: string[], withTerm = false): { sql: string; params: Params } {
  const parts: string[] = [];
  const params: Params = [];
  if (terms) {
    parts.push(terms.length === 1 ? 'd.term = ?' : `d.term IN (${terms.map(() => '?').join(', ')})`);
    params.push(...terms);
  } else if (arm.to === null) {
    parts.push('d.term = ?');
    params.push(arm.from);
  } else {
    parts.push('d.term >= ? AND d.term < ?');
    params.push(arm.from, arm.to);
  }
  if (statuses.length > 0) {
    parts.push(`d.status IN (${statuses.map(() => '?').join(', ')})`);
    params.push(...statuses);
  }
  for (const prefix of arm.also) {
    // The order's own terms (order_search_terms_by_order): a few index entries, not the range.
    parts.push(
      'EXISTS (SELECT 1 FROM order_search_terms a WHERE a.order_id = d.order_id AND a.term >= ? AND a.term < ?)',
    );
    params.push(prefix, prefixEnd(prefix));
  }
  return {
    sql: `SELECT d.order_id, d.created_on${withTerm ? ', d.term' : ''} FROM order_search_terms d WHERE ${parts.join(' AND ')}`,
    params,
  };
}

/** The orders found by any of `found`, each once, as rows (order_id[, created_on]). */
function union(found: { arm: Arm }[], statuses: string[], columns: 'order_id' | 'order_id, created_on') {
  const each = found.map(({ arm }) => hits(arm, statuses));
  return {
    sql:
      each.length === 1
        ? `SELECT DISTINCT ${columns} FROM (${each[0]!.sql}) AS hits`
        : each.map((h) => `SELECT ${columns} FROM (${h.sql}) AS hits`).join(' UNION '),
    params: each.flatMap((h) => h.params),
  };
}

/**
 * A search's exact total and the statement of its page's order ids (`order_id`, newest first;
 * null when the page is empty). `search` matches an
 * order holding one of its exact terms, a term starting with one of its prefixes, or a term
 * starting with each of its `allPrefixes`; `statuses` (empty: every status) is the terms' own.
 */
export async function orderSearchPage(
  query: Query,
  dialect: Dialect,
  search: OrderSearch,
  statuses: string[],
  limit: number,
  offset: number,
): Promise<{ total: number; page: { sql: string; params: Params } | null }> {
  const arms: Arm[] = [
    ...search.exact.map((term): Arm => ({ from: term, to: null, also: [] })),
    ...search.prefixes.map(range),
  ];
  // Each arm's hits (an order twice where a range holds two of its terms), the size of each word
  // pair's range, and the first and last term of each range (one term alone when they are the
  // same), in one statement: on PostgreSQL each statement is a round trip. PostgreSQL plans
  // every subquery at each request, so there the first and last term are the counted hits' own
  // min and max; SQLite counts a range without reading its terms, and seeks each end instead.
  const pairs = search.allPrefixes;
  const fromHits = dialect === 'postgres';
  const ends = (i: number) =>
    i < search.exact.length
      ? 'NULL AS lo, NULL AS hi'
      : `(SELECT min(term) FROM order_search_terms WHERE term >= ? AND term < ?) AS lo,
         (SELECT max(term) FROM order_search_terms WHERE term >= ? AND term < ?) AS hi`;
  const endParams = (arm: Arm): Params => (arm.to === null || fromHits ? [] : [arm.from, arm.to, arm.from, arm.to]);
  const counted = await query<{ arm: number; n: number; lo: string | null; hi: string | null }>(
    [
      ...arms.map((arm, i) =>
        fromHits && arm.to !== null
          ? `SELECT ${i} AS arm, count(*) AS n, min(term) AS lo, max(term) AS hi FROM (${hits(arm, statuses, undefined, true).sql}) AS hits`
          : `SELECT ${i} AS arm, (SELECT count(*) FROM (${hits(arm, statuses).sql}) AS hits) AS n, ${ends(i)}`,
      ),
      // A pair's range read up to the limit: its last term is known only when it was read whole.
      ...pairs.map((_, j) =>
        fromHits
          ? `SELECT ${arms.length + j} AS arm, count(*) AS n, min(term) AS lo,
              CASE WHEN count(*) < ${EVERY_WORD_COUNT_LIMIT} THEN max(term) END AS hi
            FROM (SELECT term FROM order_search_terms WHERE term >= ? AND term < ? LIMIT ${EVERY_WORD_COUNT_LIMIT}) AS pair`
          : `SELECT ${arms.length + j} AS arm, (SELECT count(*) FROM (SELECT 1 FROM order_search_terms WHERE term >= ? AND term < ?
              LIMIT ${EVERY_WORD_COUNT_LIMIT}) AS pair) AS n, ${ends(arms.length + j)}`,
      ),
    ].join(' UNION ALL '),
    [
      ...arms.flatMap((arm) => [...hits(arm, statuses).params, ...endParams(arm)]),
      ...pairs.flatMap((p) => [p, prefixEnd(p), ...endParams(range(p))]),
    ],
  );
  const row = (i: number) => counted.find((c) => Number(c.arm) === i);
  const count = (i: number) => Number(row(i)?.n ?? 0);
  /** The range's one term, when it holds only one. */
  const single = (i: number, arm: Arm) => {
    const r = row(i);
    if (arm.to === null) return [arm.from];
    return r?.lo != null && r.lo === r.hi ? [r.lo] : undefined;
  };
  const found: { arm: Arm; rows: number; terms?: string[] }[] = arms.flatMap((arm, i) =>
    count(i) > 0 ? [{ arm, rows: count(i), terms: single(i, arm) }] : [],
  );
  if (pairs.length > 0 && pairs.every((_, j) => count(arms.length + j) > 0)) {
    // The rarest pair drives; each of its hits is probed for the others.
    const sizes = pairs.map((_, j) => count(arms.length + j));
    const rarest = sizes.indexOf(Math.min(...sizes));
    const arm = { ...range(pairs[rarest]!), also: pairs.filter((_, j) => j !== rarest) };
    found.push({ arm, rows: Infinity, terms: single(arms.length + rarest, arm) });
  }
  if (found.length === 0) return { total: 0, page: null };

  // The distinct terms of each range found, when few: one term's orders are each there once.
  const termsOf: (string[] | undefined)[] = [];
  for (const { arm, terms } of found) {
    if (terms) termsOf.push(terms);
    else {
      const rows = await query<{ term: string }>(DISTINCT_TERMS, [arm.from, arm.to!, arm.to!, MERGE_TERMS + 1]);
      termsOf.push(rows.length > MERGE_TERMS ? undefined : rows.map((r) => r.term));
    }
  }

  // One arm of one term: its rows are its orders, counted already.
  const only = found.length === 1 && found[0]!.arm.also.length === 0 && termsOf[0]?.length === 1;
  let total = only ? found[0]!.rows : 0;
  if (!only) {
    const every = union(found, statuses, 'order_id');
    const [row] = await query<{ n: number }>(`SELECT count(*) AS n FROM (${every.sql}) AS found`, every.params);
    total = Number(row!.n);
  }
  if (offset >= total) return { total, page: null };

  const merged = termsOf.every((t) => t !== undefined) && termsOf.flat().length <= MERGE_TERMS;
  let page: { sql: string; params: Params };
  if (merged && termsOf.flat().length === 1) {
    // One term: its range of the key is the list's order.
    const h = hits(found[0]!.arm, statuses, termsOf[0]);
    page = { sql: `${h.sql} ${LIST_ORDER} LIMIT ? OFFSET ?`, params: [...h.params, limit, offset] };
  } else if (merged) {
    // Each term's first offset + limit orders in the list's order hold the page's: merged, each once.
    const each = found.flatMap(({ arm }, i) =>
      termsOf[i]!.map((term) => {
        const h = hits(arm, statuses, [term]);
        return { sql: `${h.sql} ${LIST_ORDER} LIMIT ?`, params: [...h.params, offset + limit] };
      }),
    );
    page = {
      sql: `SELECT order_id FROM (${each.map((e, k) => `SELECT * FROM (${e.sql}) AS m${k}`).join(' UNION ')}) AS hits
        ${LIST_ORDER} LIMIT ? OFFSET ?`,
      params: [...each.flatMap((e) => e.params), limit, offset],
    };
  } else {
    // Too many terms to merge (a short prefix of many order numbers): every hit sorted, from the terms alone.
    const every = union(found, statuses, 'order_id, created_on');
    page = {
      sql: `SELECT order_id FROM (${every.sql}) AS hits ${LIST_ORDER} LIMIT ? OFFSET ?`,
      params: [...every.params, limit, offset],
    };
  }
  return { total, page };
}
