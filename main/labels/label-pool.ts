/**
 * Label rendering off the event loop: a pool of worker threads, each drawing one document
 * at a time (PDFKit is synchronous CPU work of several milliseconds a label): a label, an
 * import's label batch or a manifest.
 *
 * Worker entry: `label-worker`, beside this module (main/worker-thread.ts).
 */
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import type { Worker } from 'node:worker_threads';
import type { LabelRenderer } from '../core/shipments';
import type { BatchPage, LabelData } from '../core/label-data';
import type { ManifestDocument, ManifestRenderer } from '../core/manifests';
import type { LabelJob, LabelResult, LabelTask } from './label-worker';
import { workerBeside } from '../worker-thread';

export interface LabelPool extends LabelRenderer {
  readonly size: number;
  /**
   * Spawns the workers now, if the first job has not: a shell calls it once it listens, so
   * that their start (each loads PDFKit, the fonts and the barcodes) does not take CPU
   * from its own.
   */
  start(): void;
  /** Several shipments' labels, or their A4 customs forms, as one PDF (renderLabelBatch), drawn in a worker. */
  renderBatch(items: LabelData[], page: BatchPage): Promise<Buffer>;
  /** The driver's copy of a manifest (renderManifestPdf), drawn in a worker. */
  renderManifest(manifest: ManifestDocument): Promise<Buffer>;
  close(): Promise<void>;
}

/** The station's renderers when a pool draws every document: what openStation takes. */
export function poolRenderers(pool: LabelPool): {
  labelRenderer: LabelRenderer;
  labelBatchRenderer: (items: LabelData[], page: BatchPage) => Promise<Buffer>;
  manifestRenderer: ManifestRenderer;
} {
  return {
    labelRenderer: pool,
    labelBatchRenderer: (items, page) => pool.renderBatch(items, page),
    manifestRenderer: { render: (manifest) => pool.renderManifest(manifest) },
  };
}

interface Pending {
  task: LabelTask;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Posted to this worker, in order: the first is being rendered, the next waits in its port. */
  posted: Pending[];
}

/**
 * Labels posted to a worker at a time. With one, a worker that finished a label idled
 * until the busy event loop got round to posting the next.
 */
const DEPTH = 2;

/**
 * V8 sizes a worker's heap from its limit, and with the defaults each label worker held
 * four times what it keeps live: these bound the service's RSS (docs/performance.md).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 128 };

/**
 * A label worker's options. `--max-semi-space-size`, which `npm run serve` gives the main
 * thread for its RSS, is process-wide: V8 applies it to every isolate created after, over
 * a worker's maxYoungGenerationSizeMb. So it is first set back to V8's default (0, "not
 * set"); the main thread's heap was sized at start and keeps its own.
 */
export function labelWorkerOptions(): { resourceLimits: typeof WORKER_LIMITS } {
  setFlagsFromString('--max-semi-space-size=0');
  return { resourceLimits: WORKER_LIMITS };
}

function spawnWorker(): Worker {
  return workerBeside(import.meta.url, 'label-worker', labelWorkerOptions());
}

/** A pool of `size` workers, spawned at start() or on the first job. */
export function createLabelPool(size: number = availableParallelism()): LabelPool {
  const queue: Pending[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  const spawn = (): Slot => {
    const slot: Slot = { worker: spawnWorker(), posted: [] };
    slot.worker.unref(); // an idle pool never keeps the process alive
    slot.worker.on('message', (result: LabelResult) => {
      const done = slot.posted[0]?.task.id === result.id ? slot.posted.shift() : undefined;
      if (!slot.posted.length && !queue.length) slot.worker.unref();
      if (done) {
        if ('error' in result) done.reject(new Error(result.error));
        else done.resolve(Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength));
      }
      dispatch();
    });
    slot.worker.on('error', (error) => {
      // A crashed worker fails only the label it was rendering; a fresh one takes its
      // place, and the labels still waiting in its port go back to the front of the queue.
      const [current, ...waiting] = slot.posted;
      slot.posted = [];
      current?.reject(error);
      queue.unshift(...waiting);
      const i = slots.indexOf(slot);
      if (i >= 0 && !closed) slots[i] = spawn();
      dispatch();
    });
    return slot;
  };

  const dispatch = () => {
    // Round by round, so that two idle workers each get a label before either gets two.
    for (let depth = 1; depth <= DEPTH; depth++) {
      for (const slot of slots) {
        if (!queue.length) return;
        // A batch or manifest takes seconds: nothing waits behind it in its worker's port.
        if (slot.posted.length >= depth || slot.posted.some((p) => p.task.kind !== 'label')) continue;
        const next = queue.shift()!;
        slot.posted.push(next);
        slot.worker.ref();
        slot.worker.postMessage(next.task);
      }
    }
  };

  const count = Math.max(1, size);
  const start = () => {
    if (closed || slots.length) return;
    for (let i = 0; i < count; i++) slots.push(spawn());
  };

  const submit = (job: LabelJob): Promise<Buffer> => {
    if (closed) return Promise.reject(new Error('the label pool is closed'));
    start();
    return new Promise<Buffer>((resolve, reject) => {
      queue.push({ task: { ...job, id: nextId++ }, resolve, reject });
      dispatch();
    });
  };

  return {
    size: count,
    start,
    render: (data, options) => submit({ kind: 'label', data, options }),
    renderBatch: (items, page) => submit({ kind: 'batch', items, page }),
    renderManifest: (manifest) => submit({ kind: 'manifest', manifest }),
    async close() {
      closed = true;
      for (const p of queue.splice(0)) p.reject(new Error('the label pool is closed'));
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}

/**
 * The renderer both the headless server and the desktop use: a pool of worker threads,
 * because a PDFKit render on the main thread would block every request meanwhile.
 * SHIPPING_STATION_LABEL_WORKERS sets the pool's size; 0 renders on the main thread.
 */
export function labelPoolFromEnv(env: NodeJS.ProcessEnv = process.env): LabelPool | undefined {
  const workers = env.SHIPPING_STATION_LABEL_WORKERS;
  if (workers === '0') return undefined;
  return createLabelPool(workers ? Number(workers) : undefined);
}
