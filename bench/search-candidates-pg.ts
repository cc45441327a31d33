/**
 * `npx tsx bench/search-candidates-pg.ts --from FILL.db [--shipments 100000] [--creates 10000] [--samples 10] [--reps 10] [--database URL]`
 *
 * PostgreSQL's search index weighed against GIN indexes, on a smaller copy: every n-th
 * shipment of a filled desk's SQLite file (read only) moved into a fresh database of an
 * embedded server (or the empty database at URL), as tables of the columns a search reads,
 * not the whole store. Today's terms table (primary key (term, shipment_id) INCLUDE
 * created_on, piece_count, status_code) against a tsvector with GIN and the same text with a
 * pg_trgm GIN index, each in a table that keeps created_on, piece_count and status_code
 * beside it (as the shipment row would). For each: bytes, the WAL bytes and server CPU of
 * creates 16 a transaction, and p50 / p95 of the bench's search shapes, checked against today's.
 */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { ShipmentStatus } from '../main/core/schemas';
import { shipmentSearchTerms } from '../main/core/search';
import type { ListFilter } from '../main/core/storage';
import { decodeAddress } from '../main/stores/sqlite/address-codec';
import { listQueries, type Params } from '../main/stores/shared/list-queries';
import { numberedPlaceholders } from '../main/stores/shared/sql';
import { statusCode } from '../main/stores/shared/status-codes';
import { createDatabase, startPostgres, type TestPostgres } from '../test/helpers/postgres';
import { searchCases } from './service';
import { ftsMatch, ftsText, shapeFilters } from './search-tokens';

const { values: args } = parseArgs({
  options: {
    from: { type: 'string' },
    shipments: { type: 'string', default: '100000' },
    creates: { type: 'string', default: '10000' },
    samples: { type: 'string', default: '10' },
    reps: { type: 'string', default: '10' },
    database: { type: 'string' },
  },
});
if (!args.from) throw new Error('--from FILL.db: a filled desk’s SQLite file, read only');
const SHIPMENTS = Number(args.shipments);
const CREATES = Number(args.creates);
const SAMPLES = Number(args.samples);
const REPS = Number(args.reps);
const BATCH = 16;
const PAGE = 100;
/** Creates a candidate makes in its turn; a CHECKPOINT before each turn, so each pays its full-page images alike. */
const SLICE = 800;

pg.types.setTypeParser(20, Number);
const log = (...line: unknown[]) => console.log(...line);
const r2 = (x: number) => Math.round(x * 100) / 100;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

interface Source {
  id: number;
  n: string;
  created_on: number;
  piece_count: number;
  status: ShipmentStatus;
  delivery_address: string;
  reference_one: string;
  reference_two: string;
  reference_three: string;
}
const searchable = (r: Source) => ({
  deliveryAddress: decodeAddress(r.delivery_address),
  referenceOne: r.reference_one,
  referenceTwo: r.reference_two,
  referenceThree: r.reference_three,
});

const SCHEMA = /* sql */ `
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE TABLE shipments (
  id bigint PRIMARY KEY, shipment_number text COLLATE "C" NOT NULL UNIQUE, created_on bigint NOT NULL,
  piece_count integer NOT NULL, status text NOT NULL);
CREATE INDEX shipments_by_created ON shipments (created_on, id, piece_count);
CREATE INDEX shipments_by_status_created ON shipments (status, created_on, id, piece_count);
CREATE TABLE pieces (shipment_id bigint NOT NULL, tracking_number text COLLATE "C" NOT NULL UNIQUE);
CREATE TABLE shipment_search_terms (
  term text COLLATE "C" NOT NULL, shipment_id bigint NOT NULL, created_on bigint NOT NULL,
  piece_count integer NOT NULL, status_code smallint NOT NULL) WITH (autovacuum_enabled = false);
CREATE TABLE search_tsv (
  id bigint PRIMARY KEY, created_on bigint NOT NULL, piece_count integer NOT NULL, status_code smallint NOT NULL,
  doc tsvector NOT NULL) WITH (autovacuum_enabled = false);
CREATE TABLE search_trgm (
  id bigint PRIMARY KEY, created_on bigint NOT NULL, piece_count integer NOT NULL, status_code smallint NOT NULL,
  doc text NOT NULL) WITH (autovacuum_enabled = false);
`;
const INDEXES = /* sql */ `
ALTER TABLE shipment_search_terms ADD PRIMARY KEY (term, shipment_id) INCLUDE (created_on, piece_count, status_code);
CREATE INDEX search_tsv_doc ON search_tsv USING gin (doc);
CREATE INDEX search_trgm_doc ON search_trgm USING gin (doc gin_trgm_ops);
`;

/** The trigram text: its tokens between spaces, so that a token, or the start of one, is a LIKE pattern. */
const trgmText = (text: string) => ` ${text} `;
/** An FTS5 MATCH expression of search-tokens.ts as a tsquery, and as LIKE patterns over trgmText. */
const toTsquery = (match: string) =>
  match
    .replace(/"([a-z0-9]+)"\*/g, '$1:*')
    .replace(/"([a-z0-9]+)"/g, '$1')
    .replace(/ AND /g, ' & ')
    .replace(/ OR /g, ' | ');
const toLike = (match: string) =>
  match.replace(/"([a-z0-9]+)"\*/g, "doc LIKE '% $1%'").replace(/"([a-z0-9]+)"/g, "doc LIKE '% $1 %'");

async function main() {
  let server: TestPostgres | undefined;
  let url = args.database;
  if (!url) {
    server = await startPostgres();
    url = await createDatabase(server.url, 'search_candidates');
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const report: Record<string, unknown> = { from: args.from, loadBefore: load() };
  try {
    const sqlite = new Database(args.from, { readonly: true });
    const total = sqlite.prepare('SELECT max(id) FROM shipments').pluck().get() as number;
    const step = Math.max(1, Math.round(total / SHIPMENTS));
    const rows = sqlite
      .prepare(
        `SELECT id, shipment_number AS n, created_on, piece_count, status, delivery_address, reference_one,
          reference_two, reference_three FROM shipments WHERE id % ? = 0 ORDER BY id`,
      )
      .all(step) as Source[];
    const tracking = sqlite
      .prepare(
        `SELECT p.shipment_id, p.tracking_number FROM shipments s JOIN pieces p ON p.shipment_id = s.id WHERE s.id % ? = 0`,
      )
      .all(step) as { shipment_id: number; tracking_number: string }[];
    report.shipments = rows.length;
    log(`${rows.length} shipments (every ${step}th of ${total}); load ${load()}`);

    // ------------------------------------------------------------ the load
    await client.query(SCHEMA);
    const copy = async (table: string, columns: string[], types: string[], values: unknown[][]) => {
      for (let i = 0; i < values.length; i += 5000) {
        const chunk = values.slice(i, i + 5000);
        await client.query(
          `INSERT INTO ${table} (${columns.join(', ')}) SELECT * FROM unnest(${types.map((t, j) => `$${j + 1}::${t}[]`).join(', ')})`,
          columns.map((_, j) => chunk.map((v) => v[j])),
        );
      }
    };
    await copy(
      'shipments',
      ['id', 'shipment_number', 'created_on', 'piece_count', 'status'],
      ['bigint', 'text', 'bigint', 'integer', 'text'],
      rows.map((r) => [r.id, r.n, r.created_on, r.piece_count, r.status]),
    );
    await copy(
      'pieces',
      ['shipment_id', 'tracking_number'],
      ['bigint', 'text'],
      tracking.map((t) => [t.shipment_id, t.tracking_number]),
    );
    const terms = rows
      .flatMap((r) =>
        shipmentSearchTerms(searchable(r)).map((t) => [t, r.id, r.created_on, r.piece_count, statusCode(r.status)]),
      )
      .sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : Number(a[1]) - Number(b[1])));
    await copy(
      'shipment_search_terms',
      ['term', 'shipment_id', 'created_on', 'piece_count', 'status_code'],
      ['text', 'bigint', 'bigint', 'integer', 'smallint'],
      terms,
    );
    const texts = rows.map((r) => ftsText(searchable(r)));
    const facts = rows.map((r, i) => [r.id, r.created_on, r.piece_count, statusCode(r.status), texts[i]]);
    for (let i = 0; i < facts.length; i += 5000) {
      const chunk = facts.slice(i, i + 5000);
      const cols = [0, 1, 2, 3, 4].map((j) => chunk.map((v) => v[j]));
      await client.query(
        `INSERT INTO search_tsv SELECT id, c, p, s, to_tsvector('simple', d)
         FROM unnest($1::bigint[], $2::bigint[], $3::integer[], $4::smallint[], $5::text[]) AS u(id, c, p, s, d)`,
        cols,
      );
      await client.query(
        `INSERT INTO search_trgm SELECT id, c, p, s, d
         FROM unnest($1::bigint[], $2::bigint[], $3::integer[], $4::smallint[], $5::text[]) AS u(id, c, p, s, d)`,
        [...cols.slice(0, 4), cols[4]!.map((d) => trgmText(String(d)))],
      );
    }
    const t0 = performance.now();
    await client.query(INDEXES);
    report.indexBuildSeconds = r2((performance.now() - t0) / 1000);
    await client.query('VACUUM ANALYZE');

    const sizes = async () =>
      (
        await client.query<{ name: string; bytes: number }>(
          `SELECT c.relname AS name, pg_total_relation_size(c.oid)::bigint AS bytes FROM pg_class c
           WHERE c.relname IN ('shipment_search_terms', 'search_tsv', 'search_trgm', 'search_tsv_doc', 'search_trgm_doc')`,
        )
      ).rows;
    report.bytes = await sizes();
    log('bytes', report.bytes);

    // ------------------------------------------------------------ searching
    const query = async <R>(text: string, params: Params) =>
      (await client.query(numberedPlaceholders(text), params)).rows as R[];
    const today = listQueries<{ id: number }>(query, 'id');
    interface Answer {
      items: number;
      pieces: number;
      ids: number[];
    }
    const todaySearch = async (filter: ListFilter): Promise<Answer> => {
      const page = await today.page(filter);
      return { items: page.totals.items, pieces: page.totals.pieces, ids: page.rows.map((r) => Number(r.id)) };
    };
    const ginSearch =
      (table: 'search_tsv' | 'search_trgm') =>
      async (filter: ListFilter): Promise<Answer> => {
        const search = filter.search!;
        const arms: string[] = [];
        const params: Params = [];
        const match = ftsMatch(search);
        if (match !== null) {
          if (table === 'search_tsv') {
            arms.push(`SELECT id FROM search_tsv WHERE doc @@ to_tsquery('simple', ?)`);
            params.push(toTsquery(match));
          } else arms.push(`SELECT id FROM search_trgm WHERE ${toLike(match)}`);
        }
        if (search.shipmentNumber !== null) {
          arms.push('SELECT id FROM shipments WHERE shipment_number = ?');
          params.push(search.shipmentNumber);
        }
        if (search.trackingNumber !== null) {
          arms.push('SELECT shipment_id AS id FROM pieces WHERE tracking_number = ?');
          params.push(search.trackingNumber);
        }
        const status =
          filter.statuses.length === 0 ? '' : `WHERE f.status_code IN (${filter.statuses.map(() => '?').join(', ')})`;
        params.push(...filter.statuses.map(statusCode), filter.limit, filter.offset);
        const found = await query<{ id: number; items: number; pieces: number }>(
          `WITH hits AS (${arms.join(' UNION ')}),
            found AS MATERIALIZED (SELECT f.id, f.created_on, f.piece_count FROM hits JOIN ${table} f ON f.id = hits.id ${status})
          SELECT id, (SELECT count(*) FROM found) AS items, (SELECT coalesce(sum(piece_count), 0) FROM found) AS pieces
          FROM found ORDER BY created_on DESC, id DESC LIMIT ? OFFSET ?`,
          params,
        );
        if (found.length === 0) return { items: 0, pieces: 0, ids: [] };
        return {
          items: Number(found[0]!.items),
          pieces: Number(found[0]!.pieces),
          ids: found.map((f) => Number(f.id)),
        };
      };
    const candidates: [string, (f: ListFilter) => Promise<Answer>][] = [
      ['terms', todaySearch],
      ['tsvector GIN', ginSearch('search_tsv')],
      ['pg_trgm GIN', ginSearch('search_trgm')],
    ];
    const samples = [];
    for (let i = 1; i <= SAMPLES; i++) {
      const r = rows.find(
        (x) => x.id >= (total * i) / (SAMPLES + 1) && decodeAddress(x.delivery_address).emailAddress,
      )!;
      const address = decodeAddress(r.delivery_address);
      const cases = searchCases({
        shipmentNumber: r.n,
        trackingNumber: tracking.filter((t) => t.shipment_id === r.id).at(-1)!.tracking_number,
        reference: r.reference_one,
        fullName: address.fullName,
        postcodeKey: address.postZipCode.replace(/[\s-]/g, '').toUpperCase(),
        email: address.emailAddress,
      });
      samples.push(shapeFilters(cases, PAGE));
    }
    const search: Record<string, unknown> = {};
    for (const [k, { shape }] of samples[0]!.entries()) {
      const wall = candidates.map(() => [] as number[]);
      const exact = candidates.map(() => true);
      let hits = 0;
      for (const sample of samples) {
        const want = await todaySearch(sample[k]!.filter);
        hits += want.items;
        for (let m = 1; m < candidates.length; m++) {
          const got = await candidates[m]![1](sample[k]!.filter);
          if (got.items !== want.items || got.pieces !== want.pieces || got.ids.join() !== want.ids.join()) {
            exact[m] = false;
            log(
              `  ${candidates[m]![0]} differs on ${shape}: ${got.items}/${got.pieces} against ${want.items}/${want.pieces}`,
            );
          }
        }
      }
      for (let rep = -1; rep < REPS; rep++) {
        for (const sample of samples) {
          for (let j = 0; j < candidates.length; j++) {
            const i = (j + rep + 1) % candidates.length;
            const t0 = performance.now();
            await candidates[i]![1](sample[k]!.filter);
            if (rep >= 0) wall[i]!.push(performance.now() - t0);
          }
        }
      }
      search[shape] = Object.fromEntries(
        candidates.map(([name], i) => [
          name,
          { p50: r2(pct(wall[i]!, 50)), p95: r2(pct(wall[i]!, 95)), hits: Math.round(hits / SAMPLES), exact: exact[i] },
        ]),
      );
      log(shape, JSON.stringify(search[shape]));
    }
    report.search = search;
    report.loadAfterSearch = load();

    // ------------------------------------------------------------ writing
    // The server's CPU for this connection: its backend process's utime + stime, in clock ticks (1/100 s).
    const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const backendCpuMs = () => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    };
    const lsn = async () =>
      (await client.query<{ b: number }>(`SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::bigint AS b`))
        .rows[0]!.b;
    let x = 31;
    const random = () => {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      return x / 2 ** 31;
    };
    const sources = Array.from({ length: CREATES }, () => rows[Math.floor(random() * rows.length)]!);
    const now = Date.now();
    const code = statusCode('Not Printed');
    const writes: [string, (id: number, s: Source) => Promise<unknown>][] = [
      [
        'terms',
        (id, s) =>
          client.query(
            `INSERT INTO shipment_search_terms SELECT u.term, $1, $2, 1, $3 FROM unnest($4::text[]) AS u(term)`,
            [id, now, code, shipmentSearchTerms(searchable(s))],
          ),
      ],
      [
        'tsvector GIN',
        (id, s) =>
          client.query(`INSERT INTO search_tsv VALUES ($1, $2, 1, $3, to_tsvector('simple', $4))`, [
            id,
            now,
            code,
            ftsText(searchable(s)),
          ]),
      ],
      [
        'pg_trgm GIN',
        (id, s) =>
          client.query(`INSERT INTO search_trgm VALUES ($1, $2, 1, $3, $4)`, [
            id,
            now,
            code,
            trgmText(ftsText(searchable(s))),
          ]),
      ],
    ];
    const costs = writes.map(() => ({ cpu: 0, wal: 0, wall: 0 }));
    const base = total + 1;
    for (let from = 0; from < CREATES; from += SLICE) {
      for (const [k, [, write]] of writes.entries()) {
        await client.query('CHECKPOINT');
        const cpu0 = backendCpuMs();
        const wal0 = await lsn();
        const t0 = performance.now();
        for (let i = from; i < Math.min(from + SLICE, CREATES); i += BATCH) {
          await client.query('BEGIN');
          for (let j = i; j < Math.min(i + BATCH, CREATES); j++) await write(base + j, sources[j]!);
          await client.query('COMMIT');
        }
        costs[k]!.wall += performance.now() - t0;
        costs[k]!.wal += (await lsn()) - wal0;
        costs[k]!.cpu += backendCpuMs() - cpu0;
      }
    }
    // GIN defers its work to a pending list (fastupdate) merged once it passes 4 MB or at a
    // VACUUM: what is left in it after the creates is merged now and counted with them.
    for (const [k, index] of [
      [1, 'search_tsv_doc'],
      [2, 'search_trgm_doc'],
    ] as const) {
      const cpu0 = backendCpuMs();
      const wal0 = await lsn();
      const t0 = performance.now();
      await client.query(`SELECT gin_clean_pending_list('${index}'::regclass)`);
      costs[k]!.wall += performance.now() - t0;
      costs[k]!.wal += (await lsn()) - wal0;
      costs[k]!.cpu += backendCpuMs() - cpu0;
    }
    report.creates = Object.fromEntries(
      writes.map(([name], k) => [
        name,
        {
          'server µs CPU': r2((costs[k]!.cpu * 1000) / CREATES),
          'WAL bytes': Math.round(costs[k]!.wal / CREATES),
          'wall µs': r2((costs[k]!.wall * 1000) / CREATES),
        },
      ]),
    );
    log('creates', report.creates);
    report.bytesAfter = await sizes();
    report.loadAfter = load();
    log(JSON.stringify(report, null, 2));
  } finally {
    await client.end();
    await server?.close();
  }
}
void main();
