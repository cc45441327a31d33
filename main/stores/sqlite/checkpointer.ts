/**
 * WAL checkpoints on a thread of their own. SQLite's automatic checkpoint runs inside the
 * commit that crosses its threshold, on the event loop: it copies a thousand pages into the
 * database file and fsyncs it while every request waits. Here a worker thread with its own
 * connection runs a PASSIVE checkpoint instead, and the group commit starts no transaction
 * while one runs (whenIdle), so each checkpoint reaches the end of the WAL and the next
 * commit starts the WAL from its beginning again: the file stays as small as before.
 *
 * Durability is the WAL's (wal-sync.ts): a checkpoint only moves what is already on disk.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Commits between checkpoints: a busy desk's commit (a dozen creates) writes about a hundred
 * pages, so about SQLite's own threshold of a thousand pages.
 */
const COMMITS_PER_CHECKPOINT = 10;

export interface Checkpointer {
  /** After each commit: starts a checkpoint when enough commits have passed since the last. */
  committed(): void;
  /** Calls `callback` once no checkpoint runs: now, or when the running one ends. */
  whenIdle(callback: () => void): void;
  /** Waits for a running checkpoint and stops the thread. */
  close(): Promise<void>;
}

// CommonJS, evaluated by the worker: no file of its own to find beside the bundle.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, workerData.nativeBinding
  ? { fileMustExist: true, nativeBinding: workerData.nativeBinding } : { fileMustExist: true });
db.pragma('busy_timeout = 0');
db.pragma('synchronous = FULL');
db.pragma('fullfsync = ON');
db.pragma('checkpoint_fullfsync = ON');
parentPort.on('message', (message) => {
  if (message === 'close') { db.close(); parentPort.close(); return; }
  try { db.pragma('wal_checkpoint(PASSIVE)'); parentPort.postMessage(null); }
  catch (error) { parentPort.postMessage(String(error && error.message || error)); }
});
`;

/**
 * `lost`: called if the thread ends before close() (it could not start, or died): the
 * caller then lets its own connection checkpoint again. `nativeBinding`: the compiled
 * driver the station's connection loaded, when it is not the package's own (Electron).
 */
export function walCheckpointer(file: string, lost: () => void, nativeBinding?: string): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, driver, nativeBinding } });
  worker.unref();
  let running = false;
  let commits = 0;
  let waiting: (() => void)[] = [];
  const done = () => {
    running = false;
    const ready = waiting;
    waiting = [];
    for (const callback of ready) callback();
  };
  // A checkpoint that could not run (the disk full) is tried again after more commits: the
  // WAL holds everything meanwhile.
  worker.on('message', done);
  let exited = false;
  let closing = false;
  worker.on('error', () => undefined); // ends the thread: 'exit' follows
  const exit = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  void exit.then(() => {
    exited = true;
    if (!closing) lost();
    done();
  });

  return {
    committed() {
      if (exited || running || ++commits < COMMITS_PER_CHECKPOINT) return;
      commits = 0;
      running = true;
      worker.postMessage('checkpoint');
    },
    whenIdle(callback) {
      if (running) waiting.push(callback);
      else callback();
    },
    async close() {
      closing = true;
      if (exited) return;
      // Unreferenced, the thread would let the process end before it has closed.
      worker.ref();
      if (running) await new Promise<void>((resolve) => waiting.push(resolve));
      worker.postMessage('close');
      await exit;
    },
  };
}
