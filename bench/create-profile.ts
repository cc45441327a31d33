/**
 * `npm run bench -- --profile`: where a create's time goes. The core's create runs in this process on a copy of a filled desk (or on the
 * PostgreSQL database given), with 16 creates at a time as under the create load, and each
 * part is timed where it runs: validation and the search terms' computing apart, on the
 * same requests; the numbers taken; the label pool; each statement of the store's write by
 * the table it writes; the transaction's BEGIN and COMMIT; the WAL's fsync.
 */
import Database from 'better-sqlite3';
import fs, { cpSync } from 'node:fs';
import { join } from 'node:path';
import { syncBuiltinESMExports } from 'node:module';
import pg from 'pg';
import { shipmentSearchTerms } from '../main/core/search';
import type { CreateShipmentRequest } from '../main/core/schemas';
import { createStation } from '../main/core/station';
import type { Store } from '../main/core/storage';
import { validateShipment } from '../main/core/validate-shipment';
import { createLabelPool } from '../main/labels/label-pool';
import { openPostgresStore } from '../main/stores/postgres';
import { openSqliteStore } from '../main/stores/sqlite';
import { CLIENTS, createBody } from './create-load';
import { readyFill } from './fills';
import { scaleOf, type BenchOptions, type Outcome } from './options';
import { WORK, r2 } from './service';

/** Milliseconds spent, by part. */
type Spent = Map<string, number>;

/** Creates whose labels the pool renders alone afterwards. */
const LABELS = 400;
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const add = (spent: Spent, part: string, ms: number) => spent.set(part, (spent.get(part) ?? 0) + ms);

/** The part a statement belongs to, by the table it writes (or reads). */
function partOf(sql: string): string {
  const written = /^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)/i.exec(sql)?.[1];
  if (written) return `write ${written}`;
  if (/^\s*(BEGIN|COMMIT|SAVEPOINT|RELEASE)/i.test(sql)) return 'commit';
  return 'reads';
}

/** Times every statement better-sqlite3 prepares from now on, and each transaction's BEGIN + COMMIT. */
function timeSqlite(spent: Spent): () => void {
  const proto = Database.prototype as unknown as {
    prepare: (this: Database.Database, sql: string) => Database.Statement;
    transaction: (this: Database.Database, fn: (...a: unknown[]) => unknown) => Database.Transaction;
  };
  const prepare = proto.prepare;
  const transaction = proto.transaction;
  proto.prepare = function (sql) {
    const statement = prepare.call(this, sql);
    const part = partOf(sql);
    for (const method of ['run', 'get', 'all'] as const) {
      const original = statement[method].bind(statement) as (...a: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...a: unknown[]) => {
        const t = performance.now();
        try {
          return original(...a);
        } finally {
          add(spent, part, performance.now() - t);
        }
      };
    }
    return statement;
  };
  proto.transaction = function (fn) {
    let inside = 0;
    const wrapped = transaction.call(this, (...a: unknown[]) => {
      const t = performance.now();
      try {
        return fn(...a);
      } finally {
        inside += performance.now() - t;
      }
    });
    const immediate = (...a: unknown[]) => {
      const t = performance.now();
      const before = inside;
      try {
        return wrapped.immediate(...a);
      } finally {
        add(spent, 'commit', performance.now() - t - (inside - before));
      }
    };
    // Its own function: a transaction's variants are read-only properties.
    return Object.assign((...a: unknown[]) => wrapped(...a), {
      default: wrapped.default,
      deferred: wrapped.deferred,
      exclusive: wrapped.exclusive,
      immediate,
    }) as unknown as Database.Transaction;
  };
  return () => {
    proto.prepare = prepare;
    proto.transaction = transaction;
  };
}

/** Times every statement node-postgres sends from now on (its time on the server and the wire). */
function timePostgres(spent: Spent): () => void {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: unknown, ...a: unknown[]) {
    const sql = typeof a[0] === 'string' ? a[0] : ((a[0] as { text?: string } | undefined)?.text ?? '');
    const result = query.apply(this, a);
    if (result instanceof Promise) {
      const t = performance.now();
      return result.finally(() => add(spent, partOf(sql), performance.now() - t));
    }
    return result;
  };
  return () => {
    proto.query = query;
  };
}

export interface CreateProfile {
  store: 'sqlite' | 'postgres';
  creates: number;
  perSecond: number;
  /** Per create, ms: each part where it runs (the label on a worker thread, the fsync off the event loop). */
  perCreateMs: Record<string, number>;
  /** Creates that shared one fsync, on average (SQLite). */
  createsPerFsync: number | null;
}

/**
 * `dataDir`: a copy the profile may write to (SQLite), or the data folder of a desk whose
 * database is `databaseUrl`. Creates for `seconds` after a short warm-up.
 */
export async function profileCreates(options: {
  dataDir: string;
  databaseUrl?: string;
  seconds: number;
  log: (m: string) => void;
}): Promise<CreateProfile> {
  const spent: Spent = new Map();
  const postgres = options.databaseUrl !== undefined;
  const untime = postgres ? timePostgres(spent) : timeSqlite(spent);
  let fsyncs = 0;
  const fsync = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => {
    const t = performance.now();
    fs.fsync(fd, (error) => {
      fsyncs++;
      add(spent, 'fsync (off the event loop, shared)', performance.now() - t);
      done(error);
    });
  };
  syncBuiltinESMExports();
  const store: Store = postgres
    ? await openPostgresStore({ url: options.databaseUrl! })
    : openSqliteStore({ dataDir: options.dataDir, fsync });
  const pool = createLabelPool();
  try {
    const station = await createStation(store, { labelRenderer: pool });
    const user = await station.auth.ensureFirstAdmin().then(() => store.auth.userByName('admin'));
    const caller = { userId: user!.id, username: 'admin' };
    let next = Date.now() % 1_000_000_000;
    const created: string[] = [];
    const run = async (ms: number) => {
      let creates = 0;
      const end = performance.now() + ms;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (performance.now() < end) {
            const made = await station.shipments.createUnlabelled(createBody(next++) as CreateShipmentRequest, caller);
            if (made.shipmentId) creates++;
            if (created.length < LABELS) created.push(made.shipmentId);
          }
        }),
      );
      return creates;
    };
    await run(2_000);
    spent.clear();
    fsyncs = 0;
    options.log(`profiling creates for ${options.seconds} s`);
    let t = performance.now();
    const t0 = t;
    const creates = await run(options.seconds * 1000);
    const seconds = (performance.now() - t0) / 1000;
    // The label pool alone, on shipments the profile made: its time a label, all workers at once.
    await Promise.all(
      created.slice(0, CLIENTS).map((id) => station.shipments.labelDocument(id, { markPrinted: false })),
    );
    t = performance.now();
    let at = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (at < created.length) await station.shipments.labelDocument(created[at++]!, { markPrinted: false });
      }),
    );
    const labelMs = (performance.now() - t) / created.length;
    // Numbers are taken from memory and written at the commit ('write counters').
    t = performance.now();
    for (let i = 0; i < 2_000; i++) await store.numbers.take('shipment-number', 1);
    const numbersMs = (performance.now() - t) / 2_000;
    await station.close();

    // The parts that run inside the core's create, timed apart on the same requests.
    const catalog = station.carriers;
    const bodies = Array.from({ length: 2_000 }, (_, i) => createBody(i) as CreateShipmentRequest);
    t = performance.now();
    const valid = bodies.map((b) => validateShipment(b, catalog, Date.now()));
    const validationMs = (performance.now() - t) / bodies.length;
    t = performance.now();
    for (const v of valid)
      shipmentSearchTerms({ ...v, deliveryAddress: v.deliveryAddress, referenceTwo: '', referenceThree: '' });
    const termsMs = (performance.now() - t) / bodies.length;

    const perCreateMs: Record<string, number> = {
      'label, one piece (the pool)': r3(labelMs),
      validation: r3(validationMs),
      numbers: r3(numbersMs),
      'search terms, computed': r3(termsMs),
    };
    for (const [part, ms] of [...spent].sort((a, b) => b[1] - a[1])) perCreateMs[part] = r3(ms / creates);
    return {
      store: postgres ? 'postgres' : 'sqlite',
      creates,
      perSecond: r2(creates / seconds),
      perCreateMs,
      createsPerFsync: postgres ? null : r2(creates / Math.max(1, fsyncs)),
    };
  } finally {
    untime();
    await pool.close();
    await store.close();
  }
}

/**
 * `--profile [--from DATA_DIR] [--database URL]`: the profile on a copy of a ready fill (or of
 * DATA_DIR), and on the PostgreSQL database URL (a desk's database it may write to) if given.
 */
export async function profileBench(options: BenchOptions): Promise<Outcome> {
  const { log } = options;
  const scale = scaleOf(options);
  const seconds = scale.quick ? 2 : 20;
  const dir = join(WORK, 'profile');
  if (options.from) cpSync(options.from, dir, { recursive: true });
  else readyFill('profile', scale.large, options);
  const profiles = [await profileCreates({ dataDir: dir, seconds, log })];
  if (options.database)
    profiles.push(await profileCreates({ dataDir: dir, databaseUrl: options.database, seconds, log }));
  const parts = [...new Set(profiles.flatMap((p) => Object.keys(p.perCreateMs)))];
  const rows: Outcome['rows'] = [
    ...profiles.map((p): Outcome['rows'][number] => [
      `${p.store}: creates a second, no label`,
      String(p.perSecond),
      '',
    ]),
    ...parts.map((part): Outcome['rows'][number] => [
      `ms a create: ${part}`,
      profiles.map((p) => p.perCreateMs[part] ?? '–').join(' / '),
      profiles.map((p) => p.store).join(' / '),
    ]),
  ];
  return { results: { shipments: scale.large, profiles }, rows };
}
