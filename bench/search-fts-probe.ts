/**
 * `npx tsx bench/search-fts-probe.ts --db COPY.db`, after bench/search-candidates.ts built its
 * tables there: where FTS5's search time goes for the middle shipment's surname and full name.
 * CPU ms, the median of 10, of the MATCH alone, with each hit's facts, with each hit's
 * shipment row; an exact token against a prefix; and today's terms' count of the word's range.
 */
import Database from 'better-sqlite3';
import { parseArgs } from 'node:util';
import { listSearch } from '../main/core/search';
import { decodeAddress } from '../main/stores/sqlite/address-codec';
import { ftsMatch } from './search-tokens';

const { values: args } = parseArgs({ options: { db: { type: 'string' } } });
if (!args.db) throw new Error('--db COPY.db: a copy search-candidates.ts has built its tables in');
const db = new Database(args.db, { readonly: true });
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
/** The median CPU ms of 10 runs of `sql` with `param`, after one to warm the cache, and its answer. */
function time(sql: string, param: string): { ms: number; answer: unknown } {
  const statement = db.prepare<[string]>(sql);
  statement.get(param);
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const c0 = cpu();
    statement.get(param);
    times.push(cpu() - c0);
  }
  times.sort((a, b) => a - b);
  return { ms: Math.round(times[5]! * 100) / 100, answer: statement.get(param) };
}

const middle = Math.floor((db.prepare('SELECT max(id) FROM shipments').pluck().get() as number) / 2);
const stored = db
  .prepare(
    `SELECT delivery_address FROM shipments WHERE id >= ? AND json_extract(delivery_address, '$[3]') <> ''
     ORDER BY id LIMIT 1`,
  )
  .pluck()
  .get(middle) as string;
const fullName = decodeAddress(stored).fullName;
const surname = fullName.split(' ').at(-1)!;
const hits = 'SELECT rowid AS id FROM search_fts WHERE search_fts MATCH ?';
for (const query of [surname, fullName]) {
  const match = ftsMatch(listSearch(query))!;
  console.log(query, match);
  console.log('  match alone', time(`SELECT count(*) FROM (${hits})`, match));
  console.log(
    '  with each hit’s facts',
    time(`SELECT count(*), sum(f.piece_count) FROM (${hits}) AS h CROSS JOIN search_facts f ON f.id = h.id`, match),
  );
  console.log(
    '  with each hit’s shipment row',
    time(`SELECT count(*), sum(s.piece_count) FROM (${hits}) AS h CROSS JOIN shipments s ON s.id = h.id`, match),
  );
}
const token = `n${surname.toLowerCase()}`;
console.log('exact token', token, time('SELECT count(*) FROM search_fts WHERE search_fts MATCH ?', `"${token}"`));
console.log('as a prefix', time('SELECT count(*) FROM search_fts WHERE search_fts MATCH ?', `"${token}"*`));
const range = `n:${surname.toLowerCase()}`;
console.log(
  'terms: the range count',
  time(
    `WITH p(t) AS (SELECT ?) SELECT count(*) FROM p, shipment_search_terms WHERE term >= p.t AND term < p.t || char(65535)`,
    range,
  ),
);
