/**
 * Upgrading the SQLite file before the station opens it, in a worker thread
 * (upgrade-worker.ts), so that the start window keeps drawing while a large database
 * migrates. The station then opens a file already at the latest schema. PostgreSQL's
 * upgrade is asynchronous already and runs as the station opens.
 */
import type { SqliteBinding } from '../stores/sqlite/connection';
import { workerBeside } from '../worker-thread';

export interface UpgradeJob {
  dataDir: string;
  binding?: SqliteBinding | undefined;
}

/** One schema upgrade about to run; `latest` is the version the last one reaches. */
export interface UpgradeStep {
  version: number;
  name: string;
  latest: number;
}

export type UpgradeMessage = ({ kind: 'step' } & UpgradeStep) | { kind: 'done' } | { kind: 'failed'; message: string };

export function upgradeSqliteInWorker(job: UpgradeJob, onStep: (step: UpgradeStep) => void): Promise<void> {
  const worker = workerBeside(import.meta.url, 'upgrade-worker', { workerData: job });
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      if (error) reject(error);
      else resolve();
    };
    worker.on('message', (message: UpgradeMessage) => {
      if (message.kind === 'step') onStep({ version: message.version, name: message.name, latest: message.latest });
      else if (message.kind === 'done') settle();
      else settle(new Error(message.message));
    });
    worker.on('error', (error) => settle(error));
    worker.on('exit', (code) => settle(new Error(`the database upgrade stopped (exit code ${code})`)));
  });
}
