/**
 * openStation draws documents in the label pool unless told not to, so no shell has to
 * remember to open one; closing the station ends its workers.
 */
import { afterEach, expect, it, vi } from 'vitest';
import type { Worker } from 'node:worker_threads';
import { pdfInfo } from '../helpers/pdf';
import { ADMIN, createShipment, startTestStation } from '../helpers/station';

/** Opens a station, creates a shipment and reads its label back, then closes the station. */
async function shipOnce(labelPool: boolean): Promise<void> {
  const t = await startTestStation({ labelPool });
  try {
    await t.station.auth.createUser({ ...ADMIN, role: 'admin' });
    const created = await createShipment(t, await t.signIn());
    expect((await pdfInfo(Buffer.from(created.shipmentPieces[0]!.base64String, 'base64'))).pages).toBe(1);
  } finally {
    await t.close();
  }
}

/** The worker threads started while `run` runs, each with its exit (listened for from its start). */
async function workersDuring(run: () => Promise<void>): Promise<Promise<number>[]> {
  const exits: Promise<number>[] = [];
  const onWorker = (worker: Worker) => exits.push(new Promise((resolve) => worker.once('exit', resolve)));
  process.on('worker', onWorker);
  try {
    await run();
  } finally {
    process.off('worker', onWorker);
  }
  return exits;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

it('draws the labels in one pool worker by default and on this thread with labelPool: false; closing the station ends every worker', async () => {
  vi.stubEnv('SHIPPING_STATION_LABEL_WORKERS', '1');
  // The store has workers of its own (SQLite's checkpointer): the pool is the one more.
  const without = await workersDuring(() => shipOnce(false));
  const withPool = await workersDuring(() => shipOnce(true));
  expect(withPool.length - without.length).toBe(1);
  // Closed with the station: a worker left running would hang here and fail on the timeout.
  await Promise.all([...without, ...withPool]);
});
