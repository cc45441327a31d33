/**
 * `npx tsx bench/search-candidates.ts --db COPY.db [--creates 10000] [--changes 2000] [--samples 10] [--reps 10]`
 *
 * The search index weighed against other designs on a copy of a filled desk's SQLite file
 * (it writes to the file: never give it a kept fill). Today's terms table
 * (`shipment_search_terms`, totals from the index alone) against SQLite FTS5, whose MATCH
 * gives ids only, so a search's exact totals and its order read each hit's created_on,
 * piece_count and status from the shipment row (`fts5`) or from a narrow table of those
 * three kept beside it (`fts5 + facts`). For each: bytes (dbstat), the write a create adds
 * (CPU, pages written to the WAL, bytes the checkpoints write), the write a status change
 * adds, and p50 / p95 of the bench's search shapes, every total and page checked equal to
 * today's index. Also the write of today's terms without the business name's pairs, and of
 * today's terms in term order within a commit.
 */
import Database from 'better-sqlite3';
import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { shipmentSearchTerms, type SearchableShipment } from '../main/core/search';
import type { ListFilter, ShipmentListRecord } from '../main/core/storage';
import { decodeAddress } from '../main/stores/sqlite/address-codec';
import { LIST_COLUMNS } from '../main/stores/sqlite/rows';
import { setSearchStatus } from '../main/stores/sqlite/search-status';
import { listQueries, type Params } from '../main/stores/shared/list-queries';
import { statusCode, statusCodeSql } from '../main/stores/shared/status-codes';
import { searchCases } from './service';
import { ftsMatch, ftsText, shapeFilters } from './search-tokens';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string' },
    creates: { type: 'string', default: '10000' },
    changes: { type: 'string', default: '2000' },
    samples: { type: 'string', default: '10' },
    reps: { type: 'string', default: '10' },
  },
});
if (!args.db) throw new Error('--db COPY.db: a copy of a filled desk, which this writes to');
const CREATES = Number(args.creates);
const CHANGES = Number(args.changes);
const SAMPLES = Number(args.samples);
const REPS = Number(args.reps);
/** Creates a commit, as the group commit takes them under 16 clients; a checkpoint every ten commits, as the station's. */
const BATCH = 16;
const CHECKPOINT_EVERY = 10;
const PAGE = 100;
const WAL_FRAME = 4096 + 24;

const db = new Database(args.db);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = OFF');
// Checkpoints are this script's own (TRUNCATE, so each commit's WAL frames are the file's growth).
db.pragma('wal_autocheckpoint = 0');

const log = (...line: unknown[]) => console.log(...line);
const r2 = (x: number) => Math.round(x * 100) / 100;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
function io(): { reads: number; written: number } {
  const text = readFileSync('/proc/self/io', 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return { reads: field('syscr'), written: field('wchar') };
}
const walBytes = () => {
  try {
    return statSync(`${args.db}-wal`).size;
  } catch {
    return 0;
  }
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

// ---------------------------------------------------------------- building the candidates

const tableExists = (name: string) => db.prepare('SELECT 1 FROM sqlite_schema WHERE name = ?').get(name) !== undefined;

interface ShipmentText extends SearchableShipment {
  id: number;
}
const readText = db.prepare<[number, number]>(
  `SELECT id, delivery_address, reference_one, reference_two, reference_three FROM shipments
   WHERE id >= ? ORDER BY id LIMIT ?`,
);
const toText = (row: unknown): ShipmentText => {
  const r = row as {
    id: number;
    delivery_address: string;
    reference_one: string;
    reference_two: string;
    reference_three: string;
  };
  return {
    id: r.id,
    deliveryAddress: decodeAddress(r.delivery_address),
    referenceOne: r.reference_one,
    referenceTwo: r.reference_two,
    referenceThree: r.reference_three,
  };
};

const maxId = db.prepare('SELECT max(id) FROM shipments').pluck().get() as number;
const shipmentCount = db.prepare('SELECT count(*) FROM shipments').pluck().get() as number;

function build(): Record<string, number> {
  const built: Record<string, number> = {};
  if (!tableExists('search_fts')) {
    // Contentless: a shipment's text never changes and shipments are not deleted, so nothing
    // is read back; detail=none: no phrase is ever asked for; a prefix index of the kind and
    // two characters, the shortest query.
    db.exec(`CREATE VIRTUAL TABLE search_fts USING fts5(t, content='', columnsize=0, detail=none,
      tokenize='unicode61 remove_diacritics 2', prefix='3')`);
    const insert = db.prepare<[number, string]>('INSERT INTO search_fts (rowid, t) VALUES (?, ?)');
    const c0 = cpuMs();
    const t0 = performance.now();
    db.transaction(() => {
      for (let next = 0; ;) {
        const rows = readText.all(next, 10_000).map(toText);
        if (rows.length === 0) break;
        for (const row of rows) insert.run(row.id, ftsText(row));
        next = rows.at(-1)!.id + 1;
      }
    })();
    built['fts5 build CPU s'] = r2((cpuMs() - c0) / 1000);
    built['fts5 build wall s'] = r2((performance.now() - t0) / 1000);
  }
  if (!tableExists('search_facts')) {
    const c0 = cpuMs();
    db.exec(`CREATE TABLE search_facts (id INTEGER PRIMARY KEY, created_on INTEGER NOT NULL,
        piece_count INTEGER NOT NULL, status_code INTEGER NOT NULL) STRICT;
      INSERT INTO search_facts SELECT id, created_on, piece_count, ${statusCodeSql('status')} FROM shipments ORDER BY id`);
    built['facts build CPU s'] = r2((cpuMs() - c0) / 1000);
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  return built;
}

function bytes(): Record<string, number> {
  // By name, one b-tree each: dbstat reads only the b-tree an equality names.
  const of = (name: string) =>
    db.prepare('SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name = ?').pluck().get(name) as number;
  const ftsTables = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'search_fts_%'")
    .pluck()
    .all() as string[];
  const fts = ftsTables.reduce((sum, name) => sum + of(name), 0);
  const facts = of('search_facts');
  return {
    terms: of('shipment_search_terms'),
    fts5: fts,
    facts,
    'fts5 + facts': fts + facts,
    'database file': statSync(args.db!).size,
  };
}

// ---------------------------------------------------------------- searching

type Row = ShipmentListRecord & { id: number };
const prepared = new Map<string, Database.Statement<Params>>();
const run = <R>(sql: string, params: Params): R[] => {
  let statement = prepared.get(sql);
  if (!statement) prepared.set(sql, (statement = db.prepare<Params>(sql)));
  return statement.all(...params) as R[];
};
const today = listQueries<Row>(<R>(sql: string, params: Params) => Promise.resolve(run<R>(sql, params)), LIST_COLUMNS);

interface Answer {
  items: number;
  pieces: number;
  ids: number[];
}

/**
 * A search through FTS5: the hits' ids (FTS5, and the number columns as today), each hit's
 * created_on, piece_count and status read from `facts` (the shipment row, or the narrow
 * table) once, for the exact totals and the page's order in one statement; then the page's rows.
 */
function ftsSearch(filter: ListFilter, facts: 'shipments' | 'search_facts'): Answer {
  const search = filter.search!;
  const arms: string[] = [];
  const params: Params = [];
  const match = ftsMatch(search);
  if (match !== null) {
    arms.push('SELECT rowid AS id FROM search_fts WHERE search_fts MATCH ?');
    params.push(match);
  }
  if (search.shipmentNumber !== null) {
    arms.push('SELECT id FROM shipments WHERE shipment_number = ?');
    params.push(search.shipmentNumber);
  }
  if (search.trackingNumber !== null) {
    arms.push('SELECT shipment_id AS id FROM pieces WHERE tracking_number = ?');
    params.push(search.trackingNumber);
  }
  const marks = filter.statuses.map(() => '?').join(', ');
  const status =
    filter.statuses.length === 0
      ? ''
      : facts === 'shipments'
        ? `WHERE f.status IN (${marks})`
        : `WHERE f.status_code IN (${marks})`;
  params.push(...(facts === 'shipments' ? filter.statuses : filter.statuses.map(statusCode)));
  const dir = filter.newestFirst ? 'DESC' : 'ASC';
  const found = run<{ id: number; items: number; pieces: number }>(
    `WITH hits(id) AS (${arms.join(' UNION ')}),
      found AS MATERIALIZED (SELECT f.id, f.created_on, f.piece_count FROM hits CROSS JOIN ${facts} f ON f.id = hits.id ${status})
    SELECT id, (SELECT count(*) FROM found) AS items, (SELECT coalesce(sum(piece_count), 0) FROM found) AS pieces
    FROM found ORDER BY created_on ${dir}, id ${dir} LIMIT ? OFFSET ?`,
    [...params, filter.limit, filter.offset],
  );
  if (found.length === 0) return { items: 0, pieces: 0, ids: [] };
  const rows = run<Row>(
    `SELECT ${LIST_COLUMNS} FROM shipments WHERE id IN (${found.map(() => '?').join(', ')}) ORDER BY created_on ${dir}, id ${dir}`,
    found.map((f) => f.id),
  );
  return { items: Number(found[0]!.items), pieces: Number(found[0]!.pieces), ids: rows.map((r) => r.id) };
}

async function todaySearch(filter: ListFilter): Promise<Answer> {
  const page = await today.page(filter);
  return { items: page.totals.items, pieces: page.totals.pieces, ids: page.rows.map((r) => r.id) };
}

const CANDIDATES: [string, (f: ListFilter) => Promise<Answer> | Answer][] = [
  ['terms', todaySearch],
  ['fts5', (f) => ftsSearch(f, 'shipments')],
  ['fts5 + facts', (f) => ftsSearch(f, 'search_facts')],
];

/** The bench's search shapes (bench/service.ts searchCases) for SAMPLES shipments spread over the ids. */
function shapes(): { shape: string; filter: ListFilter }[][] {
  const pick = db.prepare<[number]>(
    `SELECT s.shipment_number AS n, s.reference_one AS r, s.delivery_address AS a, s.delivery_postcode_key AS p,
      (SELECT tracking_number FROM pieces WHERE shipment_id = s.id ORDER BY sequence_number DESC LIMIT 1) AS t
    FROM shipments s WHERE s.id >= ? AND json_extract(s.delivery_address, '$[3]') <> '' ORDER BY s.id LIMIT 1`,
  );
  const out = [];
  for (let i = 1; i <= SAMPLES; i++) {
    const row = pick.get(Math.floor((maxId * i) / (SAMPLES + 1))) as {
      n: string;
      r: string;
      a: string;
      p: string;
      t: string;
    };
    const address = decodeAddress(row.a);
    const cases = searchCases({
      shipmentNumber: row.n,
      trackingNumber: row.t,
      reference: row.r,
      fullName: address.fullName,
      postcodeKey: row.p,
      email: address.emailAddress,
    });
    out.push(shapeFilters(cases, PAGE));
  }
  return out;
}

/**
 * `candidates` on every shape; answers checked against today's index unless `checked` is
 * false (after the creates, whose terms and FTS5 rows have no shipment rows).
 */
async function searchFigures(candidates = CANDIDATES, checked = true) {
  const samples = shapes();
  const names = samples[0]!.map((s) => s.shape);
  const results: Record<
    string,
    Record<string, { p50: number; p95: number; cpu: number; hits: number; exact: boolean | 'not checked' }>
  > = {};
  for (const [k, shape] of names.entries()) {
    const wall = candidates.map(() => [] as number[]);
    const cpu = candidates.map(() => 0);
    const exact = candidates.map(() => true);
    let hits = 0;
    // Every candidate's answer against today's index first.
    for (const sample of samples) {
      const filter = sample[k]!.filter;
      const want = await todaySearch(filter);
      hits += want.items;
      for (let m = 0; checked && m < candidates.length; m++) {
        if (candidates[m]![0] === 'terms') continue;
        const got = await candidates[m]![1](filter);
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
        const filter = sample[k]!.filter;
        // Turns alternate, so a burst of the machine's load falls on every candidate alike.
        for (let j = 0; j < candidates.length; j++) {
          const i = (j + rep + 1) % candidates.length;
          const c0 = cpuMs();
          const t0 = performance.now();
          await candidates[i]![1](filter);
          const ms = performance.now() - t0;
          if (rep >= 0) {
            wall[i]!.push(ms);
            cpu[i]! += cpuMs() - c0;
          }
        }
      }
    }
    results[shape] = Object.fromEntries(
      candidates.map(([name], i) => [
        name,
        {
          p50: r2(pct(wall[i]!, 50)),
          p95: r2(pct(wall[i]!, 95)),
          cpu: r2(cpu[i]! / wall[i]!.length),
          hits: Math.round(hits / samples.length),
          exact: checked ? exact[i]! : 'not checked',
        },
      ]),
    );
    log(shape, JSON.stringify(results[shape]));
  }
  return results;
}

// ---------------------------------------------------------------- writing

/** Today's terms without the business name's pairs (and the corrections only they made). */
function fewerTerms(s: SearchableShipment): string[] {
  const isPair = (t: string) => t.startsWith('m:') || t.startsWith('xm:');
  const withoutBusiness = shipmentSearchTerms({ ...s, deliveryAddress: { ...s.deliveryAddress, businessName: '' } });
  return [...shipmentSearchTerms(s).filter((t) => !isPair(t)), ...withoutBusiness.filter(isPair)];
}

const insertTerm = db.prepare<[string, number, number, number, number]>(
  'INSERT INTO shipment_search_terms (term, shipment_id, created_on, piece_count, status_code) VALUES (?, ?, ?, ?, ?)',
);
const NOT_PRINTED = statusCode('Not Printed');

function writeCandidates(now: number): { name: string; batch: (items: [number, ShipmentText][]) => void }[] {
  // Prepared once the FTS5 and facts tables are there.
  const insertFts = db.prepare<[number, string]>('INSERT INTO search_fts (rowid, t) VALUES (?, ?)');
  const insertFacts = db.prepare<[number, number, number, number]>(
    'INSERT INTO search_facts (id, created_on, piece_count, status_code) VALUES (?, ?, ?, ?)',
  );
  const each = (write: (id: number, s: ShipmentText) => void) => (items: [number, ShipmentText][]) => {
    for (const [id, s] of items) write(id, s);
  };
  const terms = (list: (s: ShipmentText) => string[]) => (id: number, s: ShipmentText) => {
    for (const term of list(s)) insertTerm.run(term, id, now, 1, NOT_PRINTED);
  };
  return [
    { name: 'terms', batch: each(terms(shipmentSearchTerms)) },
    {
      name: 'terms, a commit in term order',
      batch: (items) => {
        const rows = items.flatMap(([id, s]) => shipmentSearchTerms(s).map((term) => [term, id] as const));
        rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
        for (const [term, id] of rows) insertTerm.run(term, id, now, 1, NOT_PRINTED);
      },
    },
    { name: 'terms, no business pairs', batch: each(terms(fewerTerms)) },
    { name: 'fts5', batch: each((id, s) => insertFts.run(id, ftsText(s))) },
    {
      name: 'fts5 + facts',
      batch: each((id, s) => {
        insertFts.run(id, ftsText(s));
        insertFacts.run(id, now, 1, NOT_PRINTED);
      }),
    },
  ];
}

/** Texts of `n` existing shipments at random (a fixed seed): real names, spread over the whole index. */
function randomTexts(n: number, seed: number): ShipmentText[] {
  let x = seed;
  const next = () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
  const out: ShipmentText[] = [];
  while (out.length < n) {
    const row = readText.get(1 + Math.floor(next() * maxId), 1);
    if (row) out.push(toText(row));
  }
  return out;
}

interface WriteCost {
  commits: number;
  items: number;
  cpu: number;
  walBytes: number;
  checkpointBytes: number;
  checkpointCpu: number;
  reads: number;
}
const emptyCost = (): WriteCost => ({
  commits: 0,
  items: 0,
  cpu: 0,
  walBytes: 0,
  checkpointBytes: 0,
  checkpointCpu: 0,
  reads: 0,
});

/** One commit of `work`, timed as CPU, with the WAL's growth; a TRUNCATE checkpoint every CHECKPOINT_EVERY commits. */
function commit(cost: WriteCost, items: number, work: () => void) {
  const wal0 = walBytes();
  const io0 = io();
  const c0 = cpuMs();
  db.transaction(work)();
  cost.cpu += cpuMs() - c0;
  cost.reads += io().reads - io0.reads;
  cost.walBytes += walBytes() - wal0;
  cost.commits++;
  cost.items += items;
  if (cost.commits % CHECKPOINT_EVERY === 0) checkpoint(cost);
}
function checkpoint(cost: WriteCost) {
  const io0 = io();
  const c0 = cpuMs();
  db.pragma('wal_checkpoint(TRUNCATE)');
  cost.checkpointCpu += cpuMs() - c0;
  // What the checkpoint wrote to the database file (the WAL file is cut, not written).
  cost.checkpointBytes += io().written - io0.written;
}

const perItem = (cost: WriteCost) => ({
  'µs CPU': r2((cost.cpu * 1000) / cost.items),
  'WAL bytes': Math.round(cost.walBytes / cost.items),
  'WAL pages': r2(cost.walBytes / WAL_FRAME / cost.items),
  'checkpoint bytes': Math.round(cost.checkpointBytes / cost.items),
  'checkpoint µs CPU': r2((cost.checkpointCpu * 1000) / cost.items),
  'read calls': r2(cost.reads / cost.items),
});

/** CREATES new shipments into each candidate, BATCH a commit, the candidates taking turns a slice at a time. */
function createFigures() {
  const now = Date.now();
  const candidates = writeCandidates(now);
  const texts = randomTexts(CREATES, 31);
  const costs = candidates.map(emptyCost);
  const SLICE = BATCH * CHECKPOINT_EVERY * 5;
  for (let from = 0; from < CREATES; from += SLICE) {
    for (const [k, candidate] of candidates.entries()) {
      // Each candidate its own new ids: the terms candidates share one table.
      const base = maxId + 1 + k * CREATES;
      for (let i = from; i < Math.min(from + SLICE, CREATES); i += BATCH) {
        const items = texts.slice(i, i + BATCH).map((s, j) => [base + i + j, s] as [number, ShipmentText]);
        commit(costs[k]!, items.length, () => candidate.batch(items));
      }
      checkpoint(costs[k]!);
    }
  }
  return Object.fromEntries(candidates.map((c, k) => [c.name, perItem(costs[k]!)]));
}

/**
 * CHANGES status changes of existing shipments, BATCH a commit: today each of the shipment's
 * terms carries its status code (search-status.ts); FTS5 reads the status from the shipment
 * row, which the change writes anyway; the facts table has one row to change.
 */
function statusChangeFigures() {
  const texts = randomTexts(CHANGES, 7);
  const code = statusCode('Delivered to Receiver');
  const setFacts = db.prepare<[number, number]>('UPDATE search_facts SET status_code = ? WHERE id = ?');
  const candidates: [string, (batch: ShipmentText[]) => void][] = [
    ['terms', (batch) => setSearchStatus(db, batch, 'Delivered to Receiver')],
    ['fts5 + facts', (batch) => batch.forEach((s) => setFacts.run(code, s.id))],
  ];
  const costs = candidates.map(emptyCost);
  for (let i = 0; i < CHANGES; i += BATCH) {
    const batch = texts.slice(i, i + BATCH);
    for (const [k, [, write]] of candidates.entries()) commit(costs[k]!, batch.length, () => write(batch));
  }
  for (const cost of costs) checkpoint(cost);
  return { ...Object.fromEntries(candidates.map(([name], k) => [name, perItem(costs[k]!)])), fts5: 'nothing' };
}

// ---------------------------------------------------------------- the run

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
async function main() {
  const report: Record<string, unknown> = { file: args.db, shipments: shipmentCount, loadBefore: load() };
  log(`${shipmentCount} shipments; load ${load()}`);
  report.built = build();
  log('built', report.built);
  report.bytes = bytes();
  log('bytes', report.bytes);
  report.search = await searchFigures();
  report.loadAfterSearch = load();
  report.creates = createFigures();
  log('creates', report.creates);
  // FTS5 after the creates: the segments a live index has, beside the one a bulk build left.
  report.searchAfterCreates = await searchFigures(CANDIDATES.slice(1), false);
  report.statusChanges = statusChangeFigures();
  log('status changes', report.statusChanges);
  report.bytesAfter = bytes();
  report.loadAfter = load();
  log(JSON.stringify(report, null, 2));
  db.close();
}
void main();
