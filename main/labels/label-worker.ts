/**
 * Worker entry of the label pool: one document per message (a label in PDF or ZPL, an
 * import's label batch, a manifest), so that no PDF is drawn on the request thread.
 */
import { parentPort } from 'node:worker_threads';
import type { BatchPage, LabelData, LabelOptions } from '../core/label-data';
import type { ManifestDocument } from '../core/manifests';
import { renderManifestPdf } from './manifest-pdf';
import { renderLabelDocumentSync } from './render-document';
import { renderLabelBatch } from './render-label';

export type LabelJob =
  | { kind: 'label'; data: LabelData; options: LabelOptions }
  | { kind: 'batch'; items: LabelData[]; page: BatchPage }
  | { kind: 'manifest'; manifest: ManifestDocument };
export type LabelTask = LabelJob & { id: number };
export type LabelResult = { id: number; pdf: Uint8Array } | { id: number; error: string };

function renderJob(task: LabelJob): Buffer {
  switch (task.kind) {
    case 'label':
      return renderLabelDocumentSync(task.data, task.options);
    case 'batch':
      return renderLabelBatch(task.items, task.page);
    case 'manifest':
      return renderManifestPdf(task.manifest);
  }
}

parentPort?.on('message', (task: LabelTask) => {
  let result: LabelResult;
  try {
    result = { id: task.id, pdf: renderJob(task) };
  } catch (error) {
    result = { id: task.id, error: error instanceof Error ? error.message : String(error) };
  }
  // Transferring the bytes' buffer moves the PDF to the main thread without a copy (when
  // the Buffer owns its whole ArrayBuffer; pool-allocated small Buffers are copied).
  const transfer =
    'pdf' in result && result.pdf.byteOffset === 0 && result.pdf.byteLength === result.pdf.buffer.byteLength
      ? [result.pdf.buffer as ArrayBuffer]
      : [];
  parentPort!.postMessage(result, transfer);
});
