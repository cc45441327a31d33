/**
 * A bulk load's search terms, computed and staged on a worker thread (load-terms-worker.ts)
 * in a scratch file beside the desk while the main thread writes the rows: at the load's end
 * the desk copies them in term order from the file (load-index.ts indexLoaded). If the
 * worker fails, or the process dies, the terms are computed from the stored rows instead.
 */
import { rmSync } from 'node:fs';
import type { SearchableShipment } from '../../core/search';
import type { ShipmentHistory } from '../../core/storage';
import { workerBeside } from '../../worker-thread';
import { statusCode } from '../shared/status-codes';
import type { SqliteBinding } from './connection';

export interface TermsJob {
  file: string;
  binding?: SqliteBinding;
}
export type TermsReply = { kind: 'staged' } | { kind: 'done' } | { kind: 'failed'; message: string };
export interface StagedShipment extends SearchableShipment {
  id: number;
  createdOn: number;
  pieceCount: number;
  statusCode: number;
}

/** The scratch file of the desk at `dbFile`. */
export const stagedTermsFile = (dbFile: string): string => `${dbFile}-load-terms`;

/** Batches posted and not yet staged, at most: the worker's queue stays a batch or two. */
const AHEAD = 2;

export interface TermStage {
  /** Posts a committed batch's shipments, with their ids; resolves once the worker is close enough behind. */
  add(batch: ShipmentHistory[], ids: number[]): Promise<void>;
  /**
   * Resolves to the table (in the file attached as `load_terms`) once every posted batch is
   * staged and sorted in it, or to null if any was not.
   */
  finish(): Promise<string | null>;
  /** The file to attach. */
  readonly file: string;
  /** Removes the file. */
  remove(): void;
}

export function stageTerms(dbFile: string, binding?: SqliteBinding): TermStage {
  const file = stagedTermsFile(dbFile);
  // Whatever a load that was killed left there is of no use.
  rmSync(file, { force: true });
  const job: TermsJob = { file, ...(binding && { binding }) };
  const worker = workerBeside(import.meta.url, 'load-terms-worker', { workerData: job });
  let pending = 0;
  let failed = false;
  let waiting: (() => void) | undefined;
  let ended: (ok: boolean) => void = () => undefined;
  const done = new Promise<boolean>((resolve) => (ended = resolve));
  const fail = () => {
    failed = true;
    ended(false);
    waiting?.();
  };
  worker.on('message', (reply: TermsReply) => {
    if (reply.kind === 'failed') return fail();
    if (reply.kind === 'done') return ended(!failed);
    pending--;
    waiting?.();
  });
  worker.on('error', fail);
  worker.on('exit', fail);
  return {
    async add(batch, ids) {
      if (failed) return;
      const shipments: StagedShipment[] = batch.map(({ shipment: s }, k) => ({
        id: ids[k]!,
        createdOn: s.createdOn,
        pieceCount: s.pieceCount,
        statusCode: statusCode(s.status),
        deliveryAddress: s.deliveryAddress,
        referenceOne: s.referenceOne,
        referenceTwo: s.referenceTwo,
        referenceThree: s.referenceThree,
      }));
      pending++;
      worker.postMessage(shipments);
      while (pending >= AHEAD && !failed) await new Promise<void>((resolve) => (waiting = resolve));
    },
    async finish() {
      if (!failed) worker.postMessage('end');
      const ok = await done;
      await worker.terminate();
      return ok ? 'load_terms.sorted' : null;
    },
    file,
    remove: () => rmSync(file, { force: true }),
  };
}
