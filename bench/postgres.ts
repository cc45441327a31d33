/**
 * `npm run bench -- --store postgres`: several desks on one PostgreSQL database at
 * 1,000,000 shipments. The data is the same demo data as the SQLite bench, moved in with
 * `cli migrate` (timed); the server is the embedded one the tests use, or
 * SHIPPING_STATION_BENCH_DATABASE_URL (a server URL whose user may create databases).
 *
 * Figures: the list shapes' p95 on one desk (exact totals checked by count(*)), and three
 * desks (three `serve` processes) creating at once, with labels, for 18 clients in all.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase, startPostgres, type TestPostgres } from '../test/helpers/postgres';
import { createLoadProcess, type LoadProcess, type LoadSpan } from './create-load';
import { readyFill } from './fills';
import { scaleOf, type BenchOptions, type Outcome } from './options';
import { countedSearchCases } from './sqlite-data';
import {
  ROOT,
  WORK,
  listFigures,
  pct,
  r2,
  startService,
  type ListCase,
  type ListFigure,
  type Service,
} from './service';

export interface PostgresFigures {
  shipments: number;
  /** Null when the bench searched a database moved in before (`--database`). */
  migrateSeconds: number | null;
  list: Record<string, ListFigure>;
  desks: number;
  clients: number;
  create: { perSecond: number; p50: number; p99: number; errors: number } | null;
}

const DESKS = 3;

/** A new administrator on `url`'s database, added with the CLI. */
function benchAdmin(url: string): { username: string; password: string } {
  const username = `bench${Date.now()}`;
  const password = randomBytes(18).toString('base64url');
  execFileSync(
    process.execPath,
    ['out/main/cli.js', '--database', url, 'user', 'add', username, '--admin', '--password-stdin'],
    {
      cwd: ROOT,
      input: password,
      stdio: ['pipe', 'ignore', 'inherit'],
    },
  );
  return { username, password };
}
const CLIENTS_PER_DESK = 6;
const LABEL_WORKERS_PER_DESK = 1;

export async function postgresBench(options: {
  shipments: number;
  listRequests: number;
  create: LoadSpan;
  warmup: LoadSpan;
  log: (m: string) => void;
  /** The search cases of the SQLite source, each counted there: the data the desks read is a verified copy of it. */
  search: (source: string) => { cases: ListCase[]; close: () => void };
  /** The search figures alone: one desk, no other list and no creates. */
  searchOnly?: boolean;
  /** A SQLite data dir to move in, instead of filling a new one. */
  source?: string;
  /** A database `source` was already moved into (`cli migrate`): searched as it is, not moved again. */
  target?: string;
  /** Fill the source again even when a ready fill is kept. */
  fresh?: boolean;
}): Promise<PostgresFigures> {
  const { log } = options;
  const given = process.env.SHIPPING_STATION_BENCH_DATABASE_URL;
  let server: TestPostgres | undefined;
  const services: Service[] = [];
  const loads: LoadProcess[] = [];
  try {
    if (!given && !options.target) {
      log('starting an embedded PostgreSQL server');
      server = await startPostgres();
    }
    if (!options.source) log(`a ready fill of ${options.shipments} shipments (SQLite), to move into PostgreSQL`);
    const source = options.source ?? readyFill('pg-source', options.shipments, { fresh: options.fresh }).dir;
    const search = options.search(source);
    let url = options.target;
    let migrateSeconds: number | null = null;
    if (!url) {
      url = await createDatabase(given ?? server!.url, `ss_bench_${Date.now()}`);
      log('cli migrate into PostgreSQL');
      const t0 = performance.now();
      execFileSync(process.execPath, ['out/main/cli.js', 'migrate', '--from', source, '--to', url], {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      migrateSeconds = r2((performance.now() - t0) / 1000);
    }

    // A database moved in before has its admin already, whose password this run never saw: an administrator of its own.
    const signIn = options.target ? benchAdmin(url) : {};
    for (let i = 0; i < (options.searchOnly ? 1 : DESKS); i++) {
      const dataDir = join(WORK, `pg-desk-${i}`);
      mkdirSync(dataDir, { recursive: true });
      // One label worker a desk: three desks share this machine's two cores, where in a
      // warehouse each desk has its own computer (a pool of two each made six render threads).
      const env = { SHIPPING_STATION_LABEL_WORKERS: String(LABEL_WORKERS_PER_DESK) };
      services.push(
        await startService(dataDir, env, {
          args: ['--database', url],
          ...signIn,
          ...(services[0] ? { password: services[0].password } : {}),
        }),
      );
    }
    const exact = new pg.Pool({ connectionString: url, max: 1 });
    log('lists on one desk');
    const [list] = await listFigures(
      [
        {
          service: services[0]!,
          shipments: options.shipments,
          count: async (sql, params) => {
            let n = 0;
            const { rows } = await exact.query<{ items: string; pieces: string }>(
              sql.replace(/\?/g, () => `$${++n}`),
              params,
            );
            return { items: Number(rows[0]!.items), pieces: Number(rows[0]!.pieces) };
          },
          close: async () => {
            search.close();
            await exact.end();
          },
          more: search.cases,
          onlyMore: options.searchOnly === true,
        },
      ],
      options.listRequests,
    );
    if (options.searchOnly)
      return { shipments: options.shipments, migrateSeconds, list: list!, desks: 1, clients: 0, create: null };

    log(`${DESKS} desks creating at once`);
    for (let i = 0; i < DESKS; i++) loads.push(createLoadProcess(ROOT));
    const run = (span: LoadSpan, round: number) =>
      Promise.all(
        loads.map((load, i) =>
          load.run({
            url: services[i]!.url,
            token: services[i]!.token,
            ...span,
            connections: CLIENTS_PER_DESK,
            first: (round * DESKS + i) * 1_000_000,
          }),
        ),
      );
    await run(options.warmup, 0);
    const results = await run(options.create, 1);
    const latencies = results.flatMap((r) => r.latencies);
    const seconds = Math.max(...results.map((r) => r.seconds));
    return {
      shipments: options.shipments,
      migrateSeconds,
      list: list!,
      desks: DESKS,
      clients: DESKS * CLIENTS_PER_DESK,
      create: {
        perSecond: r2(results.reduce((sum, r) => sum + r.ok, 0) / seconds),
        p50: r2(pct(latencies, 50)),
        p99: r2(pct(latencies, 99)),
        errors: results.reduce((sum, r) => sum + r.errors, 0),
      },
    };
  } finally {
    for (const load of loads) load.close();
    for (const s of services) await s.stop();
    await server?.close();
  }
}

/**
 * `--store postgres`: the figures of several desks on one PostgreSQL database.
 * `--from DATA_DIR --database URL`: a database DATA_DIR was already moved into, searched as it is.
 */
export async function postgresMode(options: BenchOptions & { searchOnly: boolean }): Promise<Outcome> {
  const scale = scaleOf(options);
  const figures = await postgresBench({
    shipments: scale.large,
    listRequests: scale.listRequests,
    create: scale.quick ? { amount: 48 } : { seconds: 15 },
    warmup: scale.createWarmup,
    log: options.log,
    search: countedSearchCases,
    searchOnly: options.searchOnly,
    fresh: options.fresh,
    ...(options.from ? { source: options.from } : {}),
    ...(options.database ? { target: options.database } : {}),
  });
  const rows: Outcome['rows'] = Object.entries(figures.list).map(([k, v]) => [
    `list ${k} p50/p95 ms @${figures.shipments}`,
    `${v.p50} / ${v.p95}${v.exact ? '' : ' INEXACT'}`,
    'p95 ≤ 20, exact',
  ]);
  if (figures.create) {
    rows.unshift(
      [`create/s, ${figures.desks} desks, ${figures.clients} clients`, String(figures.create.perSecond), '≥ 600'],
      ['create p50/p99 ms', `${figures.create.p50} / ${figures.create.p99}`, 'p99 ≤ 100'],
      ['create errors', String(figures.create.errors), '0'],
    );
  }
  if (figures.migrateSeconds !== null)
    rows.push([`migrate ${figures.shipments} from SQLite, s`, String(figures.migrateSeconds), '']);
  return { results: { store: 'postgres', ...figures }, rows };
}
