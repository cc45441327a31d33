/**
 * Group commit for a WAL-mode database. A transaction committed with synchronous = NORMAL
 * is written to the `-wal` file without an fsync; `flush()` then resolves once an fsync of
 * that file, started after the call, has finished. The fsync runs on libuv's thread pool,
 * so the event loop never waits for the disk, and commits that arrive while one fsync is
 * under way share the next one.
 *
 * Why an fsync of the `-wal` file is enough: in WAL mode a commit is the frames appended
 * to that file, and fsync flushes the file's data whichever descriptor wrote it. The file
 * stays the same inode while the station's connection is open: SQLite deletes it only
 * when the last connection closes, and a WAL database cannot leave WAL mode while another
 * connection is open.
 *
 * On macOS libuv's fsync is F_FULLFSYNC, which also empties the drive's cache: slower
 * than SQLite's own FULL commit there (a plain fsync) and more durable.
 *
 * Other requests read a commit as soon as it is made, up to one fsync (a millisecond or
 * so) before it is on disk; only the answer to the request that wrote it waits.
 */
import { close, closeSync, fsync, fsyncSync, openSync } from 'node:fs';
import { StorageFailedError } from '../../core/storage';

export interface WalSync {
  /** Resolves when everything committed before this call is on disk. */
  flush(): Promise<void>;
  /**
   * Calls `callback` once no fsync is under way: on the next turn of the event loop, or
   * when the running fsync ends, or at close (before its last sync), whichever is first.
   */
  whenIdle(callback: () => void): void;
  /** fsyncs done so far. */
  readonly syncs: number;
  /**
   * Set once an fsync has failed: from then on nothing may be acknowledged (the kernel may
   * have dropped the pages it could not write, so a later fsync proves nothing), so every
   * flush rejects with it.
   */
  readonly failure: StorageFailedError | undefined;
  /** Set once close() has run: nothing more commits (the connection closes with it). */
  readonly closed: boolean;
  /** Syncs what is pending, synchronously, and lets go of the file. */
  close(): void;
}

type Fsync = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => void;

export function walSync(walPath: string, options: { fsync?: Fsync } = {}): WalSync {
  const sync = options.fsync ?? fsync;
  let fd: number | undefined;
  let running = false;
  let closed = false;
  /** While close() commits the writes still queued: their fsync is close's own. */
  let closing = false;
  let syncs = 0;
  let failure: StorageFailedError | undefined;
  const failed = (error: unknown) =>
    (failure ??= new StorageFailedError(
      `The database journal could not be written to disk (${error instanceof Error ? error.message : String(error)}); the station takes no more writes.`,
      { cause: error },
    ));
  /** Callers waiting for the next fsync: none of them is covered by the one running. */
  let waiting: { resolve: () => void; reject: (error: Error) => void }[] = [];
  /** Called back when no fsync runs (whenIdle). */
  let idle: (() => void)[] = [];
  let idleScheduled = false;
  const runIdle = () => {
    idleScheduled = false;
    if (running) return; // the fsync that started meanwhile calls them when it ends
    const ready = idle;
    idle = [];
    for (const callback of ready) callback();
  };

  const start = () => {
    if (closed || closing || running || waiting.length === 0) return;
    // 'r+': Windows' FlushFileBuffers needs a handle with write access. It never truncates.
    fd ??= openSync(walPath, 'r+');
    const batch = waiting;
    waiting = [];
    running = true;
    sync(fd, (error) => {
      running = false;
      syncs++;
      runIdle();
      if (error) failed(error);
      if (failure) for (const w of batch) w.reject(failure);
      else for (const w of batch) w.resolve();
      if (closed) release();
      else start();
    });
  };

  const release = () => {
    if (fd === undefined || running) return;
    close(fd, () => undefined);
    fd = undefined;
  };

  return {
    flush: () =>
      new Promise<void>((resolve, reject) => {
        // Nothing commits after close (the connection closes with it).
        if (closed) return reject(new Error('The station is closed.'));
        if (failure) return reject(failure);
        waiting.push({ resolve, reject });
        try {
          start();
        } catch (error) {
          waiting = waiting.filter((w) => w.resolve !== resolve);
          reject(failed(error));
        }
      }),
    whenIdle(callback) {
      idle.push(callback);
      if (!running && !idleScheduled) {
        idleScheduled = true;
        setImmediate(runIdle);
      }
    },
    get syncs() {
      return syncs;
    },
    get failure() {
      return failure;
    },
    get closed() {
      return closed;
    },
    close() {
      if (closed) return;
      // Writes waiting for their turn commit now, and are synced below with the rest.
      closing = true;
      const ready = idle;
      idle = [];
      for (const callback of ready) callback();
      closed = true;
      const batch = waiting;
      waiting = [];
      if (batch.length > 0) {
        // A commit is waiting: sync now, on this thread, before its caller is answered.
        let own: number | undefined;
        try {
          if (fd === undefined) own = openSync(walPath, 'r+');
          fsyncSync(fd ?? own!);
          syncs++;
          if (failure) throw failure;
          for (const w of batch) w.resolve();
        } catch (error) {
          for (const w of batch) w.reject(failed(error));
        } finally {
          if (own !== undefined) closeSync(own);
        }
      }
      release();
    },
  };
}
