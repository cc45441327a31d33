/**
 * Worker thread: opens the station's SQLite file once, which upgrades its schema, and tells
 * the main thread each step. A large database's upgrade takes minutes of synchronous work;
 * here it leaves the main thread, which owns the windows, free to draw the start window.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../stores/sqlite/database';
import { MIGRATIONS } from '../stores/sqlite/migrations';
import type { UpgradeJob, UpgradeMessage } from './upgrade';

const { dataDir, binding } = workerData as UpgradeJob;
const latest = MIGRATIONS.at(-1)?.version ?? 0;
const tell = (message: UpgradeMessage) => parentPort!.postMessage(message);

try {
  openDatabase(dataDir, ({ version, name }) => tell({ kind: 'step', version, name, latest }), binding).close();
  tell({ kind: 'done' });
} catch (error) {
  tell({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
}
