/**
 * The connection pool: PostgreSQL's types as the contract's (int8 and numeric as numbers),
 * a bounded pool that fails fast instead of queueing without end, transactions on one
 * client, and the driver's errors translated once, here.
 */
import pg from 'pg';
import { StorageUnavailableError } from '../../core/storage';
import type { Params, Query } from '../shared/list-queries';
import { numberedPlaceholders } from '../shared/sql';

const INT8 = 20;
const NUMERIC = 1700;

/**
 * Per pool, not pg.types.setTypeParser: a global parser would change every other pg user
 * in the process. Numbers the station stores (ids, ms times, minor units) stay far below 2^53.
 */
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8 || oid === NUMERIC
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** How long a request waits for a free connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 2000;
/** A statement running longer than this is cancelled: a lock held by a stuck desk must not hang this one. */
const STATEMENT_TIMEOUT_MS = 10_000;
/**
 * The client's own limit, for a server that has gone silent (no reply, no reset): the server
 * cannot cancel what it never received. Later than the server's, so that one normally wins.
 */
const READ_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 5000;

/** What every connection to the database is, the pool's and the migrations' alike. */
export function connectionConfig(url: string): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A peer that vanished without a word is noticed by TCP, not only at the next query.
    keepAlive: true,
    application_name: 'shipping-station',
    types,
  };
}

export function createPool(url: string, size: number): pg.Pool {
  const pool = new pg.Pool({
    ...connectionConfig(url),
    max: size,
    idleTimeoutMillis: 30_000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: READ_TIMEOUT_MS,
  });
  // A client whose server went away emits 'error' (idle: on the pool; checked out: on
  // itself); without a listener the process dies. The query under way fails all the same.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** The URL without its password (in the authority or as a query parameter): for logs, errors and the screen. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    for (const name of ['password', 'sslpassword']) {
      if (parsed.searchParams.has(name)) parsed.searchParams.set(name, '***');
    }
    return parsed.toString();
  } catch {
    return 'postgres://(an unreadable URL)';
  }
}

/**
 * SQLSTATE classes and codes meaning the server is unreachable, restarting or overloaded:
 * 08 connection exception, 57P01-03 shutdown or starting, 53300/53400 too many connections,
 * 57014 a statement cancelled by statement_timeout and 55P03 a lock not granted (another
 * desk holds the rows too long: busy, and a retry may pass).
 */
const UNAVAILABLE_STATES = /^(08|57P0[1-3]|53300|53400|57014|55P03)/;
/** Node's socket errors on the way to the server. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** A transaction that lost a race and may simply run again. */
export const RETRYABLE_STATES = new Set(['40001', '40P01']);
/** pg's own words for a pool that could not get a connection, or a connection that broke or fell silent. */
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|connection is closed|Query read timeout/i;

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

/** A failure of the connection itself: the client is not to be used again, not even for ROLLBACK. */
function isBrokenConnection(error: unknown): boolean {
  const code = codeOf(error);
  if (typeof code === 'string' && (/^(08|57P0[1-3])/.test(code) || UNAVAILABLE_CODES.has(code))) return true;
  return error instanceof Error && UNAVAILABLE_MESSAGES.test(error.message);
}

export function isUnavailable(error: unknown): boolean {
  const code = codeOf(error);
  if (
    typeof code === 'string' &&
    (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_CODES.has(code) || RETRYABLE_STATES.has(code))
  )
    return true;
  return isBrokenConnection(error);
}

/** The driver's "cannot reach it / busy" as StorageUnavailableError (the original kept as cause); all else as is. */
export function translateError(error: unknown): unknown {
  if (error instanceof StorageUnavailableError || !isUnavailable(error)) return error;
  return new StorageUnavailableError('The shared database is unavailable or busy; try again shortly.', {
    cause: error,
  });
}

export type Tx = pg.PoolClient;

/**
 * Runs `work` in one transaction on one client: COMMIT, or ROLLBACK and the error. A
 * deadlock or serialization failure runs it again, a few times, as the server asks. The
 * client always goes back to the pool, or is discarded when its connection broke.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (tx: Tx) => Promise<T>, begin = 'BEGIN'): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query(begin);
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      if (isBrokenConnection(error)) {
        // The server rolls back what a dropped connection left open; a ROLLBACK here would
        // only wait for a reply that will not come.
        broken = error as Error;
      } else {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
      }
      const code = codeOf(error);
      if (attempt < 3 && typeof code === 'string' && RETRYABLE_STATES.has(code)) continue;
      throw error;
    } finally {
      // A client whose rollback failed is not given to the next request.
      client.release(broken);
    }
  }
}

/**
 * Runs `work` in one read-only REPEATABLE READ transaction: every query sees the same moment.
 * No parallel workers: a list's statements are index walks of a few ms, and starting workers
 * took 20 ms on a loaded machine (a search's walk, EXPLAIN ANALYZE; docs/performance.md).
 * One round trip for both.
 */
export const readSnapshot = <T>(pool: pg.Pool, work: (tx: Tx) => Promise<T>): Promise<T> =>
  inTransaction(
    pool,
    work,
    'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL max_parallel_workers_per_gather = 0',
  );

/** A runner of the SQL both dialects share (written with `?`), on the pool or in a transaction. */
export const sharedQuery =
  (db: pg.Pool | Tx): Query =>
  async <R>(text: string, params: Params) =>
    (await db.query(numberedPlaceholders(text), params)).rows as R[];
