/**
 * The shared store: one PostgreSQL database for every desk of a warehouse, through a
 * bounded pool (node-postgres). Migrations run at open, once, under a lock.
 */
import pg from 'pg';
import { addressBookQueries, presetQueries, type Run } from '../shared/address-book-queries';
import { render, type Sql } from '../shared/sql';
import { auditQueries } from '../shared/audit-queries';
import { columnNames, unnestColumns } from '../shared/columns';
import { AUDIT_FIELDS, auditEvents } from '../shared/tables/audit';
import type { OnMigration, Store } from '../../core/storage';
import { postgresAuth } from './auth';
import { postgresCarriers } from './carriers';
import { postgresImports } from './imports';
import { postgresLimits } from './limits';
import { postgresManifests } from './manifests';
import { migrate } from './migrate';
import { postgresNumbers } from './numbers';
import { postgresOrders } from './orders';
import { translatingErrors } from '../shared/errors';
import { createPool, redactedUrl, translateError } from './pool';
import { postgresSettings } from './settings';
import { foldDayTotals, postgresShipments } from './shipments';
import { postgresWebhooks } from './webhooks';

const FOLD_EVERY_MS = 3_600_000;

const translating = <T extends object>(methods: T) => translatingErrors(methods, translateError);

export interface PostgresStore extends Store {
  readonly dialect: 'postgres';
  /** The pool itself, for the tests and tools that look beneath the contract. */
  readonly pool: pg.Pool;
}

export interface PostgresOptions {
  url: string;
  onMigration?: OnMigration;
  /** Connections this desk may hold at once (default 10). */
  poolSize?: number;
}

/** A URL pg would misread fails here, in words that never repeat it (it may hold a password). */
function checkUrl(url: string): void {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error('The database URL cannot be read; expected postgres://user:password@host:port/database.');
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    throw new Error(`The database URL must start with postgres:// or postgresql://, not ${protocol}//.`);
  }
}

export async function openPostgresStore(options: PostgresOptions): Promise<PostgresStore> {
  checkUrl(options.url);
  try {
    await migrate(options.url, options.onMigration);
  } catch (error) {
    throw translateError(error);
  }
  const pool = createPool(options.url, options.poolSize ?? 10);
  // Totals read fewer rows once the stripes of past days are folded; a failed fold waits
  // for the next hour (the totals stay exact either way).
  const fold = () => foldDayTotals(pool).catch(() => undefined);
  await fold();
  const folding = setInterval(fold, FOLD_EVERY_MS);
  folding.unref();
  let closed: Promise<void> | undefined;
  const run: Run = async <R>(statement: Sql) => {
    const { text, params } = render('postgres', statement);
    return (await pool.query(text, params)).rows as R[];
  };
  return {
    dialect: 'postgres',
    location: redactedUrl(options.url),
    pool,
    shipments: translating(postgresShipments(pool, options.url)),
    numbers: translating(postgresNumbers(pool)),
    auth: translating(postgresAuth(pool)),
    settings: translating(postgresSettings(pool)),
    limits: translating(postgresLimits(pool)),
    carriers: translating(postgresCarriers(pool)),
    manifests: translating(postgresManifests(pool)),
    imports: translating(postgresImports(pool)),
    webhooks: translating(postgresWebhooks(pool)),
    addressBook: translating(addressBookQueries('postgres', run)),
    presets: translating(presetQueries('postgres', run)),
    audit: translating(postgresAudit(pool, run)),
    ping: translating({
      async ping() {
        await pool.query('SELECT 1');
      },
    }).ping,
    orders: translating(postgresOrders(pool)),
    // Waits for the clients checked out now to come back, then closes every connection.
    close: () => {
      clearInterval(folding);
      return (closed ??= pool.end());
    },
  };
}

/** The audit trail: a batch of entries is one insert, a parameter per column holding its values in order. */
function postgresAudit(pool: pg.Pool, run: Run) {
  const unnest = unnestColumns(auditEvents, AUDIT_FIELDS, 1);
  const insert = `INSERT INTO audit_events (${columnNames(auditEvents, AUDIT_FIELDS)}) SELECT * FROM ${unnest.sql}`;
  return auditQueries('postgres', run, async (entries) => {
    if (entries.length > 0) await pool.query(insert, unnest.arrays(entries));
  });
}

/**
 * Connects once, to check an address before a desk keeps it. Resolves to null, or to what
 * went wrong in a person's words (never with the password).
 */
export async function connectionProblem(url: string): Promise<string | null> {
  try {
    checkUrl(url);
  } catch (error) {
    return (error as Error).message;
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return `could not connect to ${redactedUrl(url)}: ${withoutPassword(message, url)}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** pg's messages do not quote passwords; this makes sure, in both its raw and its URL-encoded spelling. */
function withoutPassword(message: string, url: string): string {
  const encoded = new URL(url).password;
  if (!encoded) return message;
  let decoded = encoded;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    // Not valid percent-encoding: the raw spelling is all there is.
  }
  return message.split(encoded).join('***').split(decoded).join('***');
}
