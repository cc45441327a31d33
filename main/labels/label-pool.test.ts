import { execFileSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfInfo } from '../../test/helpers/pdf';
import { longCyrillicLabelData, piece, sampleLabelData } from './label-fixtures';
import { createLabelPool } from './label-pool';
import { renderManifestPdf } from './manifest-pdf';
import { renderLabelBatch, renderLabelSync } from './render-label';
import { renderZplSync } from './render-zpl';

describe('label pool (worker threads)', () => {
  const pool = createLabelPool(2);
  afterAll(() => pool.close());

  it('renders the same bytes as the renderer on this thread', async () => {
    const data = longCyrillicLabelData(3);
    const [a, b] = await Promise.all([
      pool.render(data, { size: '4x6' }),
      pool.render(sampleLabelData(2), { size: 'A6', pieces: [2] }),
    ]);
    expect(a.equals(renderLabelSync(data, { size: '4x6' }))).toBe(true);
    expect(b.equals(renderLabelSync(sampleLabelData(2), { size: 'A6', pieces: [2] }))).toBe(true);
  });

  it('writes ZPL in a worker, the same bytes as on this thread', async () => {
    const data = longCyrillicLabelData(2);
    const zpl = await pool.render(data, { size: '4x6', format: 'zpl', dpi: 300 });
    expect(zpl.equals(renderZplSync(data, { size: '4x6', format: 'zpl', dpi: 300 }))).toBe(true);
    expect(zpl.subarray(0, 3).toString()).toBe('^XA');
  });

  it('answers each of many labels posted at once with its own PDF', async () => {
    // More labels than the workers hold (two each), each different: a result handed to
    // the wrong caller would show as a byte mismatch.
    const many = Array.from({ length: 12 }, (_, i) => ({
      ...sampleLabelData(1),
      shipmentNumber: `SS${String(i).padStart(8, '0')}`,
    }));
    const pdfs = await Promise.all(many.map((data) => pool.render(data, { size: '4x6' })));
    pdfs.forEach((pdf, i) => expect(pdf.equals(renderLabelSync(many[i]!, { size: '4x6' }))).toBe(true));
  });

  it('renders the largest shipment (50 long pieces) within a worker’s heap limits', async () => {
    const data = longCyrillicLabelData(1);
    data.pieces = Array.from({ length: 50 }, (_, i) => piece(i + 1, { description: 'Ж'.repeat(200) }));
    const pdf = await pool.render(data, { size: '4x6' });
    expect((await pdfInfo(pdf)).pages).toBe(50);
  });

  it("draws an import's label batch and a manifest in a worker, the same bytes as on this thread", async () => {
    const items = Array.from({ length: 70 }, (_, i) => ({
      ...sampleLabelData(1 + (i % 2)),
      shipmentNumber: `SS${String(i).padStart(8, '0')}`,
    }));
    const manifest = {
      manifestNumber: 'MF00000001',
      carrier: 'Royal Mail',
      createdOn: Date.parse('2026-11-21T17:00:00Z'),
      createdBy: 'admin',
      shipmentCount: 1,
      pieceCount: 2,
      totalWeightKg: 3.5,
      lines: [
        {
          shipmentNumber: 'SS00000001',
          reference: 'R1',
          deliveryName: 'Ann',
          deliveryPostcode: 'ls1 1ur',
          deliveryCountry: 'GB',
          pieceCount: 2,
          weightKg: 3.5,
          trackingNumbers: ['A', 'B'],
        },
      ],
    };
    // Posted together, each answered with its own document.
    const [batch, pdf, label] = await Promise.all([
      pool.renderBatch(items, '4x6'),
      pool.renderManifest(manifest),
      pool.render(sampleLabelData(1), { size: '4x6' }),
    ]);
    expect(batch.equals(renderLabelBatch(items, '4x6'))).toBe(true);
    expect((await pdfInfo(batch)).pages).toBe(105);
    expect(pdf.equals(renderManifestPdf(manifest))).toBe(true);
    expect(label.equals(renderLabelSync(sampleLabelData(1), { size: '4x6' }))).toBe(true);
  });

  it('fails only the label that failed, and keeps rendering', async () => {
    const results = await Promise.allSettled([
      pool.render(sampleLabelData(1), { size: '4x6', pieces: [7] }),
      pool.render(sampleLabelData(1), { size: '4x6' }),
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected', reason: { message: 'No piece with sequence number 7' } });
    expect(results[1].status).toBe('fulfilled');
  });

  it("gives each worker the young generation of WORKER_LIMITS, even under serve's --max-semi-space-size", () => {
    // A worker created with labelWorkerOptions() keeps a third of a million objects alive
    // through scavenges, so its new space grows to its limit, and reports that size (MB).
    const script = `
      import { Worker } from 'node:worker_threads';
      import { labelWorkerOptions } from ${JSON.stringify(new URL('./label-pool.ts', import.meta.url).href)};
      const fill = "const v8 = process.getBuiltinModule('node:v8'); let a = []; for (let i = 0; i < 3e6; i++) { a.push({ i }); if (a.length > 300000) a = []; } process.getBuiltinModule('node:worker_threads').parentPort.postMessage(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1048576);";
      const worker = new Worker(fill, { eval: true, ...labelWorkerOptions() });
      worker.once('message', (mb) => { console.log(mb); worker.terminate(); });`;
    const newSpaceMb = (flags: string[]) =>
      Number(
        execFileSync(process.execPath, [...flags, '--import', 'tsx', '--input-type=module', '-e', script], {
          encoding: 'utf8',
        }).trim(),
      );
    const asConfigured = newSpaceMb([]);
    expect(asConfigured).toBeGreaterThan(4);
    expect(newSpaceMb(['--max-semi-space-size=4'])).toBe(asConfigured);
    expect(newSpaceMb(['--max-semi-space-size=2'])).toBe(asConfigured);
  });

  it('refuses work once closed', async () => {
    const closing = createLabelPool(1);
    await closing.close();
    await expect(closing.render(sampleLabelData(1), { size: '4x6' })).rejects.toThrow('closed');
  });

  it('spawns its workers at start() or on its first job, not when made', async () => {
    // Thread ids count every thread this process started: a probe's id shows whether any
    // came before it. (Under tsx a worker may start a loader thread of its own as well.)
    const probe = async () => {
      const worker = new Worker('', { eval: true });
      const id = worker.threadId;
      await worker.terminate();
      return id;
    };
    const before = await probe();
    const made = createLabelPool(2);
    const idle = await probe();
    expect(idle).toBe(before + 1);
    made.start();
    expect(await probe()).toBeGreaterThanOrEqual(idle + 3);
    await made.close();

    const onDemand = createLabelPool(1);
    const waiting = await probe();
    const pdf = await onDemand.render(sampleLabelData(1), { size: '4x6' });
    expect(pdf.equals(renderLabelSync(sampleLabelData(1), { size: '4x6' }))).toBe(true);
    expect(await probe()).toBeGreaterThanOrEqual(waiting + 2);
    await onDemand.close();
  });
});
