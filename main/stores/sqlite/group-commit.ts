/**
 * Group commit: the writes queued while an fsync runs share one transaction and the next
 * fsync. A write arriving with no fsync under way commits on the next turn of the event
 * loop, with whatever else arrived in this one. Each transaction commits with
 * synchronous = NORMAL and then waits for one fsync of the WAL off the event loop
 * (wal-sync.ts): as durable as a FULL commit.
 *
 * A batch first runs as it is, one write after the other. Only if a write throws is it
 * undone and run again, each write in a savepoint of its own, so that the one that threw
 * is undone alone and the others still commit. (A savepoint for every batch made SQLite
 * spill a savepoint journal to a new temp file for most batches: docs/performance.md.)
 * Writes only touch the database, so running one again is safe.
 */
import { StorageUnavailableError } from '../../core/storage';
import type { Checkpointer } from './checkpointer';
import { DURABLE_SYNCHRONOUS, type Db } from './database';
import type { WalSync } from './wal-sync';

export interface GroupCommitHooks {
  /** Last thing inside each batch's transaction (the reserved numbers are written here). */
  beforeCommit(): void;
  /** After a batch's transaction failed as a whole. */
  afterRollback(): void;
  /** After a batch's transaction committed. */
  afterCommit?(): void;
  /** After any write was undone: the batch's transaction rolled back, or one write's savepoint. */
  afterUndo?(): void;
  /**
   * Why no batch may commit now (the database file deleted or moved: its commits would be
   * lost at the next start), or undefined. Asked before each batch; the batch is refused
   * whole, and the next one commits once the cause is gone.
   */
  refusal?(): Error | undefined;
}

/**
 * `atCommit`: answered once committed, before the WAL's fsync ends (the fsync still runs
 * at once): for a write whose caller need not wait for the disk, such as an audit entry
 * written after the change it records was made durable.
 */
export type GroupCommit = <T>(write: () => T, options?: { atCommit?: boolean }) => Promise<T>;

interface Queued {
  write: () => unknown;
  atCommit: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
type Written = { q: Queued; value: unknown }[];

const closing = () => new StorageUnavailableError('The station is closing.');

/** What a batch run together returns when one of its writes threw: all of it is undone. */
const WRITE_THREW = Symbol('a write threw');

/** `checkpoints`: the WAL's checkpoints, run between transactions (checkpointer.ts). */
export function groupCommit(db: Db, wal: WalSync, hooks: GroupCommitHooks, checkpoints?: Checkpointer): GroupCommit {
  // One transaction wrapper for all: db.transaction() builds four functions on each call.
  const inTransaction = db.transaction(<T>(fn: () => T): T => fn());
  const lazyTransaction = <T>(fn: () => T): T => {
    // Set with exec: a PRAGMA setter runs when it is compiled, so it cannot be prepared once.
    db.exec('PRAGMA synchronous = NORMAL');
    try {
      return inTransaction.immediate(fn) as T;
    } finally {
      db.exec(`PRAGMA synchronous = ${DURABLE_SYNCHRONOUS}`);
    }
  };
  const savepoint = db.prepare('SAVEPOINT one_write');
  const release = db.prepare('RELEASE one_write');
  const rollbackTo = db.prepare('ROLLBACK TO one_write');

  let queued: Queued[] = [];

  /** Runs `batch` in one transaction, together or (`alone`) each write in a savepoint. */
  const runBatch = (batch: Queued[], alone: boolean): Written | typeof WRITE_THREW | undefined => {
    const written: Written = [];
    let writeThrew = false;
    try {
      lazyTransaction(() => {
        for (const q of batch) {
          if (alone) savepoint.run();
          try {
            written.push({ q, value: q.write() });
            if (alone) release.run();
          } catch (error) {
            if (!alone) {
              writeThrew = true;
              throw error;
            }
            rollbackTo.run();
            release.run();
            hooks.afterUndo?.();
            q.reject(error);
          }
        }
        hooks.beforeCommit();
      });
    } catch (error) {
      hooks.afterUndo?.();
      if (writeThrew) return WRITE_THREW;
      hooks.afterRollback();
      for (const { q } of written) q.reject(error);
      return undefined;
    }
    return written;
  };

  const commitQueued = () => {
    const batch = queued;
    queued = [];
    const refused = wal.failure ?? (wal.closed ? closing() : hooks.refusal?.());
    if (refused) {
      for (const q of batch) q.reject(refused);
      return;
    }
    let written = runBatch(batch, false);
    if (written === WRITE_THREW) written = runBatch(batch, true);
    if (written === WRITE_THREW || written === undefined) return;
    hooks.afterCommit?.();
    checkpoints?.committed();
    for (const { q, value } of written) if (q.atCommit) q.resolve(value);
    wal.flush().then(
      () => {
        for (const { q, value } of written) if (!q.atCommit) q.resolve(value);
      },
      (error: unknown) => {
        for (const { q } of written) if (!q.atCommit) q.reject(error);
      },
    );
  };

  return <T>(write: () => T, options: { atCommit?: boolean } = {}): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      // After a failed fsync nothing more is written: it could never be acknowledged.
      if (wal.failure) return reject(wal.failure);
      // After close nothing more commits: the connection is closed or about to be.
      if (wal.closed) return reject(closing());
      queued.push({ write, atCommit: options.atCommit === true, resolve: resolve as (value: unknown) => void, reject });
      if (queued.length === 1) wal.whenIdle(checkpoints ? () => checkpoints.whenIdle(commitQueued) : commitQueued);
    });
}
